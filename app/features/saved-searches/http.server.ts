import { data, redirect } from "react-router";
import { z } from "zod";
import { serviceContext, type TecaLoadContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { formToken, readFields } from "~/features/accounts/index.server";
import { translate, type MessageKey } from "~/i18n";
import { LOCALES, localizePath, splitLocale } from "~/lib/locale";
import { inputFromFields } from "./input";
import { ALERT_FREQUENCIES, type AlertFrequency } from "./saved-searches";
import {
  canSetHero,
  createSavedSearch,
  deleteSavedSearch,
  type SaveResult,
  serializeSavedSearch,
  updateSavedSearch,
} from "./saved-searches.server";

/**
 * The saved searches' HTTP adapter: their JSON calls (saveSearch, removeSearch, and the workspace's
 * saveDoc/removeDoc for `collection: "searches"`, spec §7) and what their pages' loaders and actions share
 * (the form token, the save, update or delete posted by a page or a dialog).
 */

/** Every answer of the saved searches' pages and calls: private, never stored. */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store" };

const SaveBody = z.object({
  locale: z.enum(LOCALES).default("it"),
  /** `saveDoc`'s document type, when it comes through saveDoc. */
  collection: z.literal("searches").optional(),
  /** The saved search's id: present, the search is updated; absent, it is created. */
  name: z.string().max(100).optional(),
  data: z.record(z.string(), z.unknown()),
});
const RemoveBody = z.object({
  collection: z.literal("searches").optional(),
  locale: z.enum(LOCALES).default("it"),
  name: z.string().max(100),
});

/** The call on a parsed JSON body: saveSearch, and saveDoc with `collection: "searches"` (workspace's api-saveDoc). */
export async function saveSearchCall(context: TecaLoadContext, url: URL, raw: unknown): Promise<Response> {
  const body = SaveBody.safeParse(raw);
  if (!body.success)
    return Response.json(
      { error: { code: 400, message: "expected {locale, name?, data: {title, query, public, hero, alert}}" } },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  const { locale, name, data } = body.data;
  const ctx = { ...serviceContext(context, url), locale };
  const result = name === undefined ? await createSavedSearch(ctx, data) : await updateSavedSearch(ctx, name, data);
  if (!result.ok) {
    const key = (Object.values(result.errors)[0] ?? "savedSearches.invalid") as MessageKey;
    return Response.json(
      {
        error: {
          code: result.status,
          message: translate(locale, key, result.params),
          fields: Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, translate(locale, v as MessageKey, result.params)])),
        },
      },
      { status: result.status, headers: PRIVATE_HEADERS },
    );
  }
  return Response.json(
    { data: serializeSavedSearch(result.search, locale) },
    { status: name === undefined ? 201 : 200, headers: PRIVATE_HEADERS },
  );
}

/** The call on a parsed JSON body: removeSearch, and removeDoc with `collection: "searches"` (workspace's api-removeDoc). */
export async function removeSearchCall(context: TecaLoadContext, url: URL, raw: unknown): Promise<Response> {
  const body = RemoveBody.safeParse(raw);
  if (!body.success)
    return Response.json({ error: { code: 400, message: "expected {locale, name}" } }, { status: 400, headers: PRIVATE_HEADERS });
  const removed = await deleteSavedSearch(serviceContext(context, url), body.data.name);
  if (!removed) return Response.json({ error: { code: 404, message: "Not Found" } }, { status: 404, headers: PRIVATE_HEADERS });
  return Response.json({ ok: true }, { headers: PRIVATE_HEADERS });
}

/** A route action for one of the calls above: POST only (405 otherwise), the body read as JSON (null when it is not). */
export async function postedJson(
  args: { request: Request; context: TecaLoadContext; url: URL },
  call: (context: TecaLoadContext, url: URL, raw: unknown) => Promise<Response>,
): Promise<Response> {
  if (args.request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  const raw: unknown = await args.request.json().catch(() => null);
  return call(args.context, args.url, raw);
}

// The pages' loaders and actions (the routes stay thin).

/** The form token for the page's forms, and the cookie that carries it when there was none. */
export function pageToken(context: TecaLoadContext) {
  const { token, setCookie } = formToken(context);
  return { csrf: token, headers: { ...PRIVATE_HEADERS, ...(setCookie ? { "Set-Cookie": setCookie } : {}) } };
}

export type ActionAnswer =
  | { ok: true; done: "saved" | "updated" | "deleted"; id: string }
  | {
      ok: false;
      errors: Extract<SaveResult, { ok: false }>["errors"];
      params?: Record<string, number>;
      values: { title: string; public: boolean; hero: boolean; alert: AlertFrequency };
    };

/**
 * A save, update or delete posted by a page or a dialog. A dialog (the `js` field) gets the answer as data;
 * a plain form post is sent on to the list with what was done (post/redirect/get). Bad input answers the
 * form again with the field's message and the values typed; another user's id is the 404 page.
 */
export async function savedSearchAction(request: Request, context: TecaLoadContext, url: URL, id: string | null) {
  const ctx = serviceContext(context, url);
  const fields = (await readFields(request)) ?? {};
  const { ui } = splitLocale(url.pathname);
  const list = localizePath("/searches", ui);
  const js = fields.js === "1";
  const answer = (a: ActionAnswer, status = 200) => data(a, { status, headers: PRIVATE_HEADERS });
  if (fields.intent === "delete") {
    if (!id || !(await deleteSavedSearch(ctx, id))) throw notFound();
    if (js) return answer({ ok: true, done: "deleted", id });
    throw redirect(`${list}?done=deleted`, { headers: PRIVATE_HEADERS });
  }
  const input = inputFromFields(fields, { heroShown: canSetHero(ctx) });
  const result = id ? await updateSavedSearch(ctx, id, input) : await createSavedSearch(ctx, input);
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    const values = {
      title: String(fields.title ?? ""),
      public: Boolean(fields.public),
      hero: Boolean(fields.hero),
      alert: (ALERT_FREQUENCIES as readonly string[]).includes(fields.alert ?? "") ? (fields.alert as AlertFrequency) : "none",
    };
    return answer({ ok: false, errors: result.errors, params: result.params, values }, result.status);
  }
  const done = id ? "updated" : "saved";
  if (js) return answer({ ok: true, done, id: result.search.id });
  throw redirect(`${list}?done=${done}`, { headers: PRIVATE_HEADERS });
}
