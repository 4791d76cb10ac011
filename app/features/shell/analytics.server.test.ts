import { describe, expect, it } from "vitest";
import { analyticsConfig, analyticsCspOrigins, trackerUrl } from "./analytics.server";
import { analyticsOptedOut, analyticsOptOutCookie, firstCalls, pageViewCalls } from "./analytics";

describe("visit statistics (decision 102)", () => {
  it("needs a tracker address from the environment and a site id (the option first, else MATOMO_SITE_ID)", () => {
    const env = { MATOMO_URL: "https://stats.example.org/matomo" };
    expect(analyticsConfig("7", env)).toEqual({ url: "https://stats.example.org/matomo/", siteId: "7" });
    expect(analyticsConfig(null, { ...env, MATOMO_SITE_ID: "12" })).toEqual({ url: "https://stats.example.org/matomo/", siteId: "12" });
    expect(analyticsConfig("3", { ...env, MATOMO_SITE_ID: "12" })?.siteId).toBe("3");
    // no tracker, no id, or an id that is not a number: no statistics
    expect(analyticsConfig("7", {})).toBeNull();
    expect(analyticsConfig(null, env)).toBeNull();
    expect(analyticsConfig("7; drop", env)).toBeNull();
    expect(analyticsConfig("0", env)).toBeNull();
  });

  it("accepts only an https tracker (http on this machine), without credentials, query or fragment", () => {
    expect(trackerUrl({ MATOMO_URL: "https://stats.example.org" })).toBe("https://stats.example.org/");
    expect(trackerUrl({ MATOMO_URL: "http://127.0.0.1:8080/m/" })).toBe("http://127.0.0.1:8080/m/");
    for (const bad of [
      "http://stats.example.org/",
      "javascript:alert(1)",
      "https://u:p@stats.example.org/",
      "https://s.example.org/?x=1",
      "/matomo/",
      "not a url",
    ])
      expect(trackerUrl({ MATOMO_URL: bad }), bad).toBeNull();
    expect(analyticsCspOrigins({ MATOMO_URL: "https://stats.example.org/matomo/" })).toEqual(["https://stats.example.org"]);
    expect(analyticsCspOrigins({})).toEqual([]);
  });

  it("reads and writes the opt-out cookie, kept until 2099", () => {
    expect(analyticsOptedOut("a=1; teca_analytics_optout=1")).toBe(true);
    expect(analyticsOptedOut("teca_analytics_optout=1")).toBe(true);
    expect(analyticsOptedOut("teca_analytics_optout=")).toBe(false);
    expect(analyticsOptedOut("xteca_analytics_optout=1")).toBe(false);
    expect(analyticsOptedOut(null)).toBe(false);
    expect(analyticsOptOutCookie(true, true)).toBe(
      "teca_analytics_optout=1; Path=/; SameSite=Lax; Secure; Expires=Thu, 31 Dec 2099 23:59:59 GMT",
    );
    expect(analyticsOptOutCookie(false, false)).toBe("teca_analytics_optout=; Path=/; SameSite=Lax; Max-Age=0");
  });

  it("queues an anonymous tracker: no cookies and Do Not Track before the first page view; later views name the address", () => {
    const calls = firstCalls(
      { url: "https://stats.example.org/", siteId: "7" },
      { url: "https://museo.example.org/cerca", title: "Cerca" },
    );
    expect(calls.slice(0, 2)).toEqual([["disableCookies"], ["setDoNotTrack", true]]);
    expect(calls).toContainEqual(["setTrackerUrl", "https://stats.example.org/matomo.php"]);
    expect(calls).toContainEqual(["setSiteId", "7"]);
    expect(calls.findIndex((c) => c[0] === "trackPageView")).toBeGreaterThan(calls.findIndex((c) => c[0] === "setSiteId"));
    expect(pageViewCalls({ url: "https://m.example.org/b", title: "B", referrer: "https://m.example.org/a" })).toEqual([
      ["setReferrerUrl", "https://m.example.org/a"],
      ["setCustomUrl", "https://m.example.org/b"],
      ["setDocumentTitle", "B"],
      ["trackPageView"],
    ]);
  });
});
