import { data, redirect } from "react-router";
import type { TecaLoadContext } from "~/.server/context";
import { serviceContext } from "~/.server/context";
import { notFound } from "~/.server/errors";
import { formToken } from "~/features/accounts/index.server";
import { readFields } from "~/features/accounts/index.server";
import { localizePath, splitLocale } from "~/lib/locale";
import { ALERT_FREQUENCIES, type AlertFrequency } from "./saved-searches";
import { inputFromFields } from "./input";
import { canSetHero, createSavedSearch, deleteSavedSearch, updateSavedSearch, type SaveResult } from "./saved-searches.server";

/** What the saved-search pages' loaders and actions share (the routes stay thin). */

export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store" };

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
