import { localizePath, splitLocale } from "./locale";

/**
 * The one client helper for the app's own API calls (spec §8): an answer 401 takes the browser to the login
 * page with 'Sessione scaduta' (`msg=session.expired`), 406 with 'Link reset password scaduto', and back
 * to this page afterwards. Other answers go to the caller, which shows its error. A call that expects 401
 * as an answer (the sign-in itself) passes `expect401`.
 */
export type ApiFetchInit = RequestInit & { expect401?: boolean };

export function loginAfter(
  msg: "session.expired" | "session.expired_reset_password",
  loc: Pick<Location, "pathname" | "search"> = window.location,
): string {
  const { ui } = splitLocale(loc.pathname);
  return `${localizePath("/login", ui)}?msg=${msg}&redirect=${encodeURIComponent(loc.pathname + loc.search)}`;
}

export async function apiFetch(input: string, init: ApiFetchInit = {}): Promise<Response> {
  const { expect401, ...rest } = init;
  const res = await fetch(input, { credentials: "same-origin", ...rest });
  const msg = res.status === 406 ? "session.expired_reset_password" : res.status === 401 && !expect401 ? "session.expired" : null;
  if (msg) {
    window.location.assign(loginAfter(msg));
    // The page is going away: the caller never gets an answer to show.
    return new Promise<Response>(() => {});
  }
  return res;
}
