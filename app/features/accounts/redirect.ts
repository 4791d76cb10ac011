import { localizePath, UI_LOCALES, type UiLocale } from "~/lib/locale";
import { safeLocalPath } from "~/lib/safe-path";

const LOGIN_PAGE = new RegExp(`^/(?:(?:${UI_LOCALES.filter((l) => l !== "it").join("|")})/)?login$`);

/**
 * Where the login, two-step and SSO pages send the browser once signed in: the site's one local-path rule
 * (`safeLocalPath`, decision 077), else the home page of the language; never the login page itself.
 */
export function loginTarget(value: string | null | undefined, locale: UiLocale): string {
  const home = localizePath("/", locale);
  const target = safeLocalPath(value, "");
  if (!target || LOGIN_PAGE.test(target.replace(/[?#].*$/s, ""))) return home;
  return target;
}

/**
 * Where signing out sends the browser (issue 31): back to `next`, the page the user was on, when the account
 * menu gave one — it does so only from a public page (`logoutHref`) —, through the same local-path rule;
 * else, and never to the login page, the home page of the language.
 */
export function logoutTarget(next: string | null | undefined, locale: UiLocale): string {
  return loginTarget(next, locale);
}

/**
 * The handle capability of each matched route: a page is public when every one of its routes says PUBLIC and
 * none says, from its own data, that what it shows is not (`handle.publicWhen`: a record page showing a
 * restricted record — the signed-out browser would land on that record's 404).
 */
export function isPublicPage(matches: readonly { id: string; handle?: unknown; data?: unknown }[]): boolean {
  const pages = matches.filter((m) => m.id !== "root");
  return (
    pages.length > 0 &&
    pages.every((m) => {
      const handle = m.handle as { capability?: string; publicWhen?: (data: unknown) => boolean } | undefined;
      return handle?.capability === "PUBLIC" && (handle.publicWhen?.(m.data) ?? true);
    })
  );
}

/**
 * The sign-out link of a page: `/api/auth/logout?locale=…`, with `next=` the page itself when it is public (a
 * record, a search, a published story). A private page (workspace, settings, console) gives none: the
 * signed-out browser goes to the home page, not to a login prompt for where it was.
 */
export function logoutHref(locale: UiLocale, page: { path: string; public: boolean }): string {
  const sp = new URLSearchParams({ locale });
  if (page.public && page.path) sp.set("next", page.path);
  return `/api/auth/logout?${sp.toString()}`;
}
