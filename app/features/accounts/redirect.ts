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
