import { data, redirect } from "react-router";
import type { Route } from "./+types/settings-page";
import { accountMeta } from "~/features/accounts";
import { formToken } from "~/features/accounts/index.server";
import type { MessageKey } from "~/i18n";
import { splitLocale } from "~/lib/locale";
import { afterRestore, BACK_PARAM, historyBack } from "~/lib/history-back";
import {
  applyRowOp,
  draftFromForm,
  draftOf,
  itemNamed,
  JsonSyntaxError,
  SETTINGS_PAGES,
  valueFromForm,
  type Draft,
  type FieldMessage,
  type SettingsPage,
} from "../items";
import { itemHistory, restoreRevision, saveItem, settingsPage, SettingsError, SETTINGS_STATUS } from "../settings.server";
import { settingsContext } from "../http.server";
import { SettingsPageView, type ActionResult } from "../components/SettingsPageView";
import { storeWatermarkImage } from "~/features/registers/index.server";

/** The largest watermark image an upload may be (bytes). */
const WATERMARK_MAX_BYTES = 5 * 1024 * 1024;

/**
 * /settings/general, /layout, /contents, /developer (issue 16 §2, decision 070): every item of the page in a
 * form of its own, saved by a plain post (works without JavaScript; Post/Redirect/Get on success), with its
 * history (`?history=<key>`) and restore. A stale save answers 409 and shows both texts. Items written per
 * language are edited in the page's language. A history opened from the admin bar carries the page being
 * edited (`&back=`): its back link and a restore return there (issue 31 §4).
 */

const pageOf = (url: URL): SettingsPage => {
  const last = splitLocale(url.pathname).path.split("/").filter(Boolean).pop() ?? "";
  return (SETTINGS_PAGES as readonly string[]).includes(last) ? (last as SettingsPage) : "general";
};

const NOTICES = ["saved", "unchanged", "restored", "cleared"] as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { locale } = splitLocale(url.pathname);
  const ctx = settingsContext(context);
  const page = pageOf(url);
  const { token, setCookie } = formToken(context);
  const items = await settingsPage(ctx, page, locale);
  const historyKey = url.searchParams.get("history");
  const historyItem = historyKey ? itemNamed(historyKey) : null;
  if (historyKey && (!historyItem || historyItem.page !== page)) throw data({ code: 404, messageKey: "error.notFound" }, { status: 404 });
  const found = historyItem ? await itemHistory(ctx, historyItem.key, locale) : null;
  // the page shows the changes field by field; the lines (the API's answer) stay out of it
  const history =
    historyItem && found ? { key: historyItem.key, total: found.total, entries: found.entries.map(({ diff: _, ...e }) => e) } : null;
  const done = url.searchParams.get("done");
  const item = url.searchParams.get("item");
  return data(
    {
      page,
      csrf: token,
      items: items.map((s) => ({ ...s, draft: draftOf(itemNamed(s.key)!, s.value) })),
      history,
      back: history ? historyBack(url.searchParams.get(BACK_PARAM)) : null,
      notice:
        (NOTICES as readonly string[]).includes(done ?? "") && item && itemNamed(item)
          ? { kind: done as (typeof NOTICES)[number], key: item }
          : null,
    },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { locale } = splitLocale(url.pathname);
  const ctx = settingsContext(context);
  const page = pageOf(url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const item = itemNamed(String(form.get("key") ?? ""));
  if (!item || item.page !== page) throw data({ code: 404, messageKey: "error.notFound" }, { status: 404 });
  const expectedVersion = Number(form.get("version"));
  if (!Number.isInteger(expectedVersion) || expectedVersion < 0) throw data({ code: 400, messageKey: "error.badRequest" }, { status: 400 });
  const back = (notice: string, history = false) =>
    redirect(
      `${url.pathname}?${new URLSearchParams({ ...(history ? { history: item.key } : {}), done: notice, item: item.key }).toString()}#item-${item.key}`,
    );
  const fail = (status: number, r: ActionResult) => data(r, { status });

  // A list editor's add / remove / move without JavaScript: the rows come back changed, nothing is saved.
  const op = String(form.get("op") ?? "");
  if (op && item.shape === "list") {
    const rows = draftFromForm(item, form) as Record<string, string>[];
    const blank = () => Object.fromEntries(item.fields.map((f) => [f.name, ""]));
    const next = applyRowOp(rows, op, blank, item.max);
    if (!next) throw data({ code: 400, messageKey: "error.badRequest" }, { status: 400 });
    return { key: item.key, intent: "op", draft: next, version: expectedVersion } satisfies ActionResult;
  }

  try {
    if (intent === "restore") {
      const version = Number(form.get("restore"));
      if (!Number.isInteger(version) || version < 1) throw data({ code: 400, messageKey: "error.badRequest" }, { status: 400 });
      await restoreRevision(ctx, { key: item.key, locale, version, expectedVersion });
      const page = historyBack(String(form.get(BACK_PARAM) ?? ""));
      return page ? redirect(afterRestore(page)) : back("restored", true);
    }
    if (intent === "clear") {
      const r = await saveItem(ctx, { key: item.key, locale, clear: true, expectedVersion });
      return back(r.status === "saved" ? "cleared" : "unchanged");
    }
    if (intent !== "save") throw data({ code: 400, messageKey: "error.badRequest" }, { status: 400 });
    // An upload (the watermark image, decision 098): checked by its content and kept; its name is the value.
    if (item.shape === "scalar" && item.field.type === "image" && !form.has(`${item.field.name}.remove`)) {
      const file = form.get(item.field.name);
      const bytes =
        file instanceof Blob && file.size > 0 && file.size <= WATERMARK_MAX_BYTES ? new Uint8Array(await file.arrayBuffer()) : null;
      const stored = bytes ? await storeWatermarkImage(bytes) : null;
      if (!stored)
        return fail(400, {
          key: item.key,
          intent,
          draft: draftOf(item, null),
          version: expectedVersion,
          fields: {
            [item.field.name]: [{ key: file instanceof Blob && file.size > 0 ? "settings.error.image" : "settings.error.required" }],
          },
        });
      form.set(`${item.field.name}.stored`, stored);
    }
    const draft = draftFromForm(item, form);
    let value: unknown;
    try {
      value = valueFromForm(item, form);
    } catch (err) {
      if (!(err instanceof JsonSyntaxError)) throw err;
      return fail(400, {
        key: item.key,
        intent,
        draft,
        version: expectedVersion,
        fields: { json: [{ key: "settings.error.json.syntax", params: { detail: err.message } }] },
      });
    }
    const r = await saveItem(ctx, { key: item.key, locale, value, expectedVersion });
    return back(r.status);
  } catch (err) {
    if (!(err instanceof SettingsError)) throw err;
    const draft: Draft = intent === "save" ? draftFromForm(item, form) : draftOf(item, null);
    if (err.code === "conflict") {
      const c = err.detail.conflict!;
      return fail(SETTINGS_STATUS.conflict, {
        key: item.key,
        intent,
        draft,
        version: c.version,
        conflict: {
          version: c.version,
          author: c.author,
          at: c.at,
          current: draftOf(item, c.value),
          currentValue: c.value,
          fallback: c.fallback,
        },
      });
    }
    return fail(SETTINGS_STATUS[err.code], {
      key: item.key,
      intent,
      draft,
      version: expectedVersion,
      fields: err.detail.fields as Record<string, FieldMessage[]>,
    });
  }
}

export const meta = accountMeta("settings.title" as MessageKey);

export const handle = { layout: "default", capability: "ADMIN" };

export default function SettingsPageRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPageView data={loaderData} result={actionData as ActionResult | undefined} />;
}
