/**
 * The site's background (spec §2 "default: … video background"; the login page "scales the background video";
 * option `background`; issue 33 §7, decision 107): an image, or a muted video on the site with an optional
 * poster, behind the default layout's pages. Read from the saved option by the root loader: anything not of
 * this shape is no background.
 */
export type SiteBackground = { type: "image" | "video"; url: string; poster: string | null };

/** A path on this site, or (images only: the CSP's img-src) an https address. */
const LOCAL = /^\/(?!\/)[^\s<>"'()\\]*$/;
const HTTPS = /^https:\/\/[^\s<>"'()\\]+$/;

export function siteBackground(value: unknown): SiteBackground | null {
  if (!value || typeof value !== "object") return null;
  const { type, url, poster } = value as Record<string, unknown>;
  if (type !== "image" && type !== "video") return null;
  if (typeof url !== "string") return null;
  // The video plays from the site itself (media-src 'self'); an image may come from an https server (img-src https:).
  if (!(LOCAL.test(url) || (type === "image" && HTTPS.test(url)))) return null;
  const still = typeof poster === "string" && (LOCAL.test(poster) || HTTPS.test(poster)) ? poster : null;
  return { type, url, poster: type === "video" ? still : null };
}
