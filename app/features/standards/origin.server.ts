/**
 * The site's own address for absolute URLs in feeds, sitemaps, OAI-PMH and JSON-LD: PUBLIC_URL when set,
 * else the request's origin, whose Host the host guard has already checked (server/guard.ts): the same
 * rule as the pages' canonical links (app/root.tsx).
 */
export function siteOrigin(url: URL): string {
  return process.env.PUBLIC_URL?.replace(/\/$/, "") || url.origin;
}
