import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord } from "../factories/records";
import { saveSiteOptions } from "../../app/features/site/index.server";

/**
 * Visit statistics (spec §7, §9; issue 34; decision 102): with MATOMO_URL and a site id the pages carry the
 * tracker's configuration and their Content-Security-Policy allows its origin (and no other); the cookie policy
 * page explains it and keeps the visitor's "no" in a cookie until 2099, by a form post that works without
 * JavaScript. (PGlite only: nothing here depends on the database.)
 */
const [target] = testDatabases();

describe("visit statistics", () => {
  let cat: Awaited<ReturnType<typeof seededCatalogue>>;
  const saved = { url: process.env.MATOMO_URL, id: process.env.MATOMO_SITE_ID };
  beforeAll(async () => {
    // read when the server is made (its Content-Security-Policy) and at each request (the pages)
    process.env.MATOMO_URL = "https://stats.example.org/matomo/";
    delete process.env.MATOMO_SITE_ID;
    cat = await seededCatalogue(target!, [makeRecord({ id: "o1", texts: { it: { label: "Vaso dipinto" } } })]);
  });
  afterAll(async () => {
    await cat?.close();
    for (const [k, v] of [
      ["MATOMO_URL", saved.url],
      ["MATOMO_SITE_ID", saved.id],
    ] as const)
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });
  // (the saved options clear every cache, kept pages included)
  const setSiteId = (id: string | null) => saveSiteOptions({ database: cat.db }, "it", { matomo_site_id: id });
  const page = async (path: string, cookie?: string) => {
    const res = await cat.server.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
    return { res, html: await res.text() };
  };

  it("allows the tracker's origin in the pages' policy for scripts and calls, and no other", async () => {
    const csp = (await cat.server.fetch("/")).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src [^;]*https:\/\/stats\.example\.org(?=[\s;]|$)/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/stats\.example\.org(?=[\s;]|$)/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it("gives the pages the tracker only with a site id; the cookie policy then explains it", async () => {
    await setSiteId(null);
    let p = await page("/public/cookie-policy");
    expect(p.html).not.toContain("stats.example.org");
    expect(p.html).not.toContain('id="analytics"');
    await setSiteId("7");
    p = await page("/en/public/cookie-policy");
    expect(p.html).toContain("https://stats.example.org/matomo/");
    expect(p.html).toContain('id="analytics"');
    expect(p.html).toContain("Your visits are counted anonymously.");
    expect(p.html).toContain("teca_analytics_optout");
    // the search pages too (every page carries the root's data)
    expect((await page("/cerca?q=vaso")).html).toContain("https://stats.example.org/matomo/");
  });

  it("keeps the visitor's no until 2099 by a plain form post, and takes it back", async () => {
    await setSiteId("7");
    const post = (value: string) =>
      cat.server.fetch("/fr/public/cookie-policy", {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: cat.server.base },
        body: new URLSearchParams({ analytics: value }),
      });
    const off = await post("off");
    expect(off.status).toBe(303);
    expect(off.headers.get("location")).toBe("/fr/public/cookie-policy?analytics=off#analytics");
    const cookie = off.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^teca_analytics_optout=1; Path=\/; SameSite=Lax/);
    expect(cookie).toContain("Expires=Thu, 31 Dec 2099 23:59:59 GMT");
    const after = await page("/fr/public/cookie-policy?analytics=off", "teca_analytics_optout=1");
    expect(after.html).toContain("Vos visites ne sont pas comptées.");
    expect(after.html).toContain("Compter à nouveau mes visites");
    const on = await post("on");
    expect(on.status).toBe(303);
    expect(on.headers.get("set-cookie")).toMatch(/^teca_analytics_optout=; Path=\/; SameSite=Lax; Max-Age=0/);
    // anything else changes nothing; another site's form is refused by the cross-site guard
    const bad = await post("maybe");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("set-cookie")).toBeNull();
    const foreign = await cat.server.fetch("/public/cookie-policy", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: new URLSearchParams({ analytics: "off" }),
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("set-cookie")).toBeNull();
  });
});
