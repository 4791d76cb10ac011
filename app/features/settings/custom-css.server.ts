import crypto from "node:crypto";
import { servableCss } from "./css-safety.server";

const hashes = new Map<string, string>();

/** The stylesheet served for the stored `customcss` text, and the version its text hashes to. */
export type ServedCss = { css: string; version: string };

// The root reads this on every page: the parse runs once per stored text, not per request.
let last: { stored: string; served: ServedCss | null } | null = null;

/**
 * What `/site/custom.css` serves for a stored text (decision 083): the checked stylesheet as the parser writes
 * it out, without whatever breaks a rule; null when there is nothing (left) to serve.
 */
export function servedCustomCss(stored: unknown): ServedCss | null {
  if (typeof stored !== "string" || !stored.trim()) return null;
  if (last?.stored === stored) return last.served;
  const css = servableCss(stored);
  const served = css ? { css, version: cssVersion(css) } : null;
  last = { stored, served };
  return served;
}

/**
 * The address of the site's custom stylesheet (`/site/custom.css?v=<hash of the served text>`), or null when
 * nothing would be served: the root links it after the app's own styles.
 */
export function customCssHref(stored: unknown): string | null {
  const served = servedCustomCss(stored);
  return served ? `/site/custom.css?v=${served.version}` : null;
}

export function cssVersion(css: string): string {
  let v = hashes.get(css);
  if (!v) {
    v = crypto.createHash("sha256").update(css).digest("base64url").slice(0, 16);
    if (hashes.size > 20) hashes.clear();
    hashes.set(css, v);
  }
  return v;
}
