/**
 * The one rule for every address the site sends a browser back to (the login and two-step pages'
 * `redirect`, the SSO round trip, the pin's `back`, the language switch's `next`; decision 077).
 *
 * Only a path of this site passes ("/oggetti/1?x=y#a"); anything else gives `fallback`. The decision is
 * taken on what a browser would make of the value, not on its raw prefix:
 * - the value, and each layer of its percent-decoding (someone may decode it once more), must be a path:
 *   one leading "/", not "//" nor "/\" (both mean another host to a browser), no backslash, no control
 *   character;
 * - each of them is also normalised as the browser does ("." and ".." segments, "%2e" as a dot) and must
 *   still be such a path: "/.//evil.example" and "/x/..//evil.example" become "//evil.example" and are
 *   refused;
 * - the answer is the normalised value, so what was checked is exactly what is sent.
 */
export const SAFE_PATH_MAX = 2048;

const BASE = "http://local.invalid";

/** A plain path as a browser reads a Location header: no other origin reachable from it. */
function pathShaped(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters can carry a Location header to another origin: refused on purpose
  return !/[\u0000-\u001f\u007f-\u009f\\]/.test(value);
}

/** The value as the browser would resolve it against this site, or null when it leaves the site. */
function normalised(value: string): string | null {
  let u: URL;
  try {
    u = new URL(value, BASE);
  } catch {
    return null;
  }
  if (u.origin !== BASE) return null;
  const out = u.pathname + u.search + u.hash;
  return pathShaped(out) ? out : null;
}

export function safeLocalPath(value: string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value || value.length > SAFE_PATH_MAX) return fallback;
  let layer = value;
  for (let depth = 0; ; depth++) {
    if (!pathShaped(layer) || normalised(layer) === null) return fallback;
    let next: string;
    try {
      next = decodeURIComponent(layer);
    } catch {
      // Malformed as given: refused. A deeper layer that does not decode ("100%" of "100%25") is plain text.
      if (depth === 0) return fallback;
      break;
    }
    if (next === layer) break;
    // More layers of encoding than any honest link carries.
    if (depth >= 4) return fallback;
    layer = next;
  }
  return normalised(value) ?? fallback;
}
