import type { AnalyticsConfig } from "./analytics";

/**
 * The tracker's configuration (decision 102): its address only from the environment (MATOMO_URL, so that no
 * setting saved in /settings can add a script origin to the pages' Content-Security-Policy), the site id from
 * the option `matomo_site_id`, else from MATOMO_SITE_ID. Null — no statistics — unless both are valid.
 */
export function analyticsConfig(option: string | null | undefined, env: NodeJS.ProcessEnv = process.env): AnalyticsConfig | null {
  const url = trackerUrl(env);
  const siteId = [option, env.MATOMO_SITE_ID].map((v) => v?.trim()).find((v) => v && /^[1-9]\d{0,8}$/.test(v));
  return url && siteId ? { url, siteId } : null;
}

/** MATOMO_URL as an absolute https address ending in "/" (http only on this machine), or null. */
export function trackerUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const raw = env.MATOMO_URL?.trim();
  if (!raw) return null;
  try {
    const u = new URL(raw);
    const local = u.hostname === "localhost" || u.hostname === "127.0.0.1";
    if (u.protocol !== "https:" && !(u.protocol === "http:" && local)) return null;
    if (u.username || u.password || u.search || u.hash) return null;
    return `${u.origin}${u.pathname.replace(/\/?$/, "/")}`;
  } catch {
    return null;
  }
}

/** The origin the pages' Content-Security-Policy allows for the tracker's script and calls (none without it). */
export function analyticsCspOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const url = trackerUrl(env);
  return url ? [new URL(url).origin] : [];
}
