import type { MessageKey } from "~/i18n";
import { LOCALE_TAGS, type Locale } from "~/lib/locale";

/**
 * What the registers' list pages (/registro, /requests, /annotazioni and the account's lists) share between their
 * loader, action and page: the dates as they show them, the `?done=` notice, the list's address kept across a
 * form post (the `back` field) and the private page's headers. Their markup is in components/RegisterPage.tsx.
 */

/** A date as a list shows it: its ISO value (a `<time dateTime>`) and its text in the page's language. */
export type Dated = { iso: string; text: string };

/** A stored date as a list shows it: the day (`medium`), with the time when `time`; null stays null. */
export function when(locale: Locale, value: string, time?: boolean): Dated;
export function when(locale: Locale, value: string | null, time?: boolean): Dated | null;
export function when(locale: Locale, value: string | null, time = false): Dated | null {
  if (!value) return null;
  const style = time ? ({ dateStyle: "medium", timeStyle: "short" } as const) : ({ dateStyle: "medium" } as const);
  return { iso: value, text: new Intl.DateTimeFormat(LOCALE_TAGS[locale], style).format(new Date(value)) };
}

/** The notice an action sent back (`?done=`), when it is one of this page's. */
export function noticeOf<K extends MessageKey>(url: URL, notices: readonly K[]): K | null {
  const done = url.searchParams.get("done");
  return (notices as readonly string[]).includes(done ?? "") ? (done as K) : null;
}

/** A private page's headers: never cached, with the form token's cookie when the loader has just made it. */
export const privateHeaders = (setCookie?: string | null) => ({
  "Cache-Control": "private, no-store",
  ...(setCookie ? { "Set-Cookie": setCookie } : {}),
});

/** A list's address query, its filters and page, without the empty ones (the page gives a filter's "all" as ""). */
export const listQuery = (params: Record<string, string>) => new URLSearchParams(Object.entries(params).filter(([, v]) => v)).toString();

/**
 * Where an action sends the browser back to: the list's address (its `keys`, from the form's `back` field, each
 * at most 200 characters) with the notice `done` to say.
 */
export function backTo(url: URL, form: FormData, keys: readonly string[], done: MessageKey): string {
  const back = new URLSearchParams(String(form.get("back") ?? ""));
  const keep = new URLSearchParams();
  for (const k of keys) {
    const v = back.get(k);
    if (v && v.length <= 200) keep.set(k, v);
  }
  keep.set("done", done);
  return `${url.pathname}?${keep.toString()}`;
}
