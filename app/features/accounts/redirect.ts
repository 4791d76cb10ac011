import { localizePath, type Locale } from "~/lib/locale";

/**
 * Where the login page may send the browser back to: a local path only. Refused (the home page of the
 * language instead): absolute and protocol-relative URLs ("https://x", "//x", "/\x"), schemes such as
 * "javascript:", control characters and backslashes, and the same hidden under one or more layers of
 * percent-encoding ("/%2F%2Fx", "%2F%2Fx", "/%5Cx", "%252F%252Fx"); and the login page itself.
 */
export function loginTarget(value: string | null | undefined, locale: Locale): string {
  const home = localizePath("/", locale);
  if (!value || typeof value !== "string" || value.length > 2048) return home;
  // Every decoding of the value must itself be a plain local path.
  let layer = value;
  for (let i = 0; i < 4; i++) {
    if (!plainLocal(layer)) return home;
    let next: string;
    try {
      next = decodeURIComponent(layer);
    } catch {
      return home;
    }
    if (next === layer) break;
    layer = next;
  }
  if (!plainLocal(layer)) return home;
  let url: URL;
  try {
    url = new URL(value, "http://local.invalid");
  } catch {
    return home;
  }
  if (url.origin !== "http://local.invalid") return home;
  if (/^\/(?:(?:en|fr)\/)?login$/.test(url.pathname)) return home;
  return url.pathname + url.search + url.hash;
}

function plainLocal(v: string): boolean {
  if (!v.startsWith("/") || v.startsWith("//")) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(v)) return false;
  return true;
}
