/**
 * The value of one cookie in a Cookie header, or null. A value that does not decode (`%E0%A4%A`, `%`) is
 * ignored as if absent — a browser may carry garbage a sibling subdomain planted for the unprefixed names
 * (issue 29 §4) — and a later cookie of the same name that does decode is taken instead.
 */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (typeof header !== "string") return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // does not decode: ignored, a later cookie of the same name may
    }
  }
  return null;
}
