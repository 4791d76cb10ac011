/**
 * Visit statistics with Matomo (spec §7, §9; issue 34; decision 102), the browser's half: the configuration the
 * root loader gives, the opt-out cookie, and the calls the tracker queue takes. Nothing is loaded unless the
 * server configured a tracker (MATOMO_URL) and a site id; nothing is sent once the visitor opted out.
 */

/** The visitor's "no statistics" choice: set and cleared on the cookie policy page, kept until 2099. */
export const ANALYTICS_OPTOUT_COOKIE = "teca_analytics_optout";
/** Spec §9: the opt-out cookie "expires in 2099". */
export const ANALYTICS_OPTOUT_EXPIRES = "Thu, 31 Dec 2099 23:59:59 GMT";

/** Where the tracker is (an origin and path ending in "/") and this site's id there. */
export type AnalyticsConfig = { url: string; siteId: string };

/** Whether a Cookie header (or `document.cookie`) carries the opt-out. */
export function analyticsOptedOut(cookies: string | null | undefined): boolean {
  return new RegExp(`(?:^|;\\s*)${ANALYTICS_OPTOUT_COOKIE}=1(?:;|$)`).test(cookies ?? "");
}

/** The Set-Cookie header of the choice: opted out until 2099, or the cookie removed. */
export function analyticsOptOutCookie(optOut: boolean, secure: boolean): string {
  const base = `${ANALYTICS_OPTOUT_COOKIE}=${optOut ? "1" : ""}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return optOut ? `${base}; Expires=${ANALYTICS_OPTOUT_EXPIRES}` : `${base}; Max-Age=0`;
}

type Queue = unknown[][];

/**
 * The first calls of the tracker queue: anonymised (no cookies of Matomo's own, Do Not Track honoured, no user
 * id; the address is anonymised by the Matomo server's own setting, which decision 102 asks to keep on), then
 * the first page view.
 */
export function firstCalls(config: AnalyticsConfig, page: { url: string; title: string }): Queue {
  return [
    ["disableCookies"],
    ["setDoNotTrack", true],
    ["setTrackerUrl", `${config.url}matomo.php`],
    ["setSiteId", config.siteId],
    ["setCustomUrl", page.url],
    ["setDocumentTitle", page.title],
    ["trackPageView"],
    ["enableLinkTracking"],
  ];
}

/** The calls of a later page view (a navigation inside the app): the new address and title. */
export function pageViewCalls(page: { url: string; title: string; referrer: string }): Queue {
  return [["setReferrerUrl", page.referrer], ["setCustomUrl", page.url], ["setDocumentTitle", page.title], ["trackPageView"]];
}
