import { localizePath, UI_LOCALES, type UiLocale } from "~/lib/locale";
import { safeLocalPath } from "~/lib/safe-path";

const LOGIN_PAGE = new RegExp(`^/(?:(?:${UI_LOCALES.filter((l) => l !== "it").join("|")})/)?login$`);

/**
 * Where the login page may send the browser back to: a local path only. Refused (the home page of the
 * language instead): absolute and protocol-relative URLs ("https://x", "//x", "/\x"), schemes such as
 * "javascript:", control characters and backslashes, and the same hidden under one or more layers of
 * percent-encoding ("/%2F%2Fx", "%2F%2Fx", "/%5Cx", "%252F%252Fx"); and the login page itself.
 */
export function loginTarget(value: string | null | undefined, locale: UiLocale): string {
  const home = localizePath("/", locale);
  if (!value || typeof value !== "string" || value.length > 2048) return home;
  const local = (v: string) => safeLocalPath(v, "") !== "";
  // Every decoding of the value must itself be a plain local path.
  let layer = value;
  for (let i = 0; i < 4; i++) {
    if (!local(layer)) return home;
    let next: string;
    try {
      next = decodeURIComponent(layer);
    } catch {
      return home;
    }
    if (next === layer) break;
    layer = next;
  }
  const target = local(layer) ? safeLocalPath(value, "") : "";
  if (!target || LOGIN_PAGE.test(target.replace(/[?#].*$/s, ""))) return home;
  return target;
}
