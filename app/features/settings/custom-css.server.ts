import crypto from "node:crypto";
import { cssProblem } from "./css-safety";

const hashes = new Map<string, string>();

/**
 * The address of the site's custom stylesheet (`/site/custom.css?v=<hash of its text>`), or null when there
 * is none or it would be refused: the root links it after the app's own styles.
 */
export function customCssHref(css: unknown): string | null {
  if (typeof css !== "string" || !css.trim() || cssProblem(css)) return null;
  return `/site/custom.css?v=${cssVersion(css)}`;
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
