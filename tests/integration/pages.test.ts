import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabases } from "../setup/db";
import { startTestServer } from "../setup/app";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord, tempDir } from "../factories/records";
import { createUser } from "../../app/features/accounts/accounts.server";
import { createSession } from "../../app/.server/session";

/** A page with its CSP nonce taken out: two answers with the same content differ only there. */
const withoutNonce = (html: string) => html.replace(/ nonce="[^"]*"/g, "");

const target = testDatabases()[0]!;

describe("pages and routes", () => {
  let cat: Awaited<ReturnType<typeof seededCatalogue>>;
  let server: Awaited<ReturnType<typeof seededCatalogue>>["server"];
  const dir = tempDir();
  beforeAll(async () => {
    cat = await seededCatalogue(
      target,
      [
        makeRecord({
          id: "1",
          texts: {
            it: { label: "Lettera di <script>alert(1)</script> Giuseppe", summary: "Una lettera." },
            en: { label: "Letter from Giuseppe" },
          },
          media: [{ type: "youtube", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: { it: "[VUOTO]" } }],
        }),
      ],
      { dir },
    );
    server = cat.server;
  });
  afterAll(async () => {
    await cat?.close();
  });

  it("serves every page in three locales with lang, title, canonical and alternates", async () => {
    for (const [prefix, lang, title] of [
      ["", "it", "Lettera di"],
      ["/en", "en", "Letter from Giuseppe"],
      ["/fr", "fr", "Lettera di"],
    ] as const) {
      const res = await server.fetch(`${prefix}/oggetti/1`, { redirect: "follow" });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toMatch(new RegExp(`<title>${title}`));
      expect(html).toContain(`rel="canonical" href="${server.base}${prefix}/oggetti/1/`);
      for (const p of ["", "/en", "/fr"]) expect(html).toContain(`hrefLang="${p ? p.slice(1) : "it"}" href="${server.base}${p}/oggetti/1/`);
    }
  });

  it("escapes content: a label with markup is text, never a script", async () => {
    const html = await (await server.fetch("/oggetti/1", { redirect: "follow" })).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("replaces [VUOTO] media titles by the record label and embeds YouTube without cookies", async () => {
    const html = await (await server.fetch("/en/oggetti/1", { redirect: "follow" })).text();
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(html).toContain('title="Video: Letter from Giuseppe"');
    expect(html).not.toContain("[VUOTO]");
  });

  it("redirects raw table names to the slug", async () => {
    const res = await server.fetch("/en/ca_objects/1/whatever");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/en/oggetti/1/whatever");
  });

  it("answers unknown routes with 404 and the localised message", async () => {
    const en = await server.fetch("/en/this/does/not/exist");
    expect(en.status).toBe(404);
    const html = await en.text();
    expect(html).toContain("Error 404");
    expect(html).toContain("This page could not be found");
    const it = await (await server.fetch("/nessuna/pagina/qui/davvero")).text();
    expect(it).toContain("Errore 404");
    expect((await server.fetch("/sconosciuta/1")).status).toBe(404);
  });

  it("the language switch sets a 365-day cookie and keeps the page; it only follows local paths", async () => {
    const res = await server.fetch(`/lang/fr?next=${encodeURIComponent("/en/oggetti/1?print=1")}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/fr/oggetti/1?print=1");
    expect(res.headers.get("set-cookie")).toMatch(/teca_locale=fr; Path=\/; Max-Age=31536000/);
    const evil = await server.fetch(`/lang/en?next=${encodeURIComponent("//evil.example/x")}`);
    expect(evil.headers.get("location")).toBe("/en");
    expect((await server.fetch("/lang/de?next=/")).status).toBe(404);
    // The remembered language is where the unprefixed home leads.
    const home = await server.fetch("/", { headers: { cookie: "teca_locale=fr" } });
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/fr");
    expect((await server.fetch("/", { headers: { cookie: "teca_locale=it" } })).status).toBe(200);
  });

  it("print mode hides header and footer", async () => {
    const html = await (await server.fetch("/oggetti/1?print=1", { redirect: "follow" })).text();
    expect(html).toContain("shell--print");
    expect(html).not.toContain('class="site-header"');
    expect(html).not.toContain('class="site-footer"');
  });

  it("/healthz answers from memory; /readyz answers 200 with the database and 503 without it; responses carry a request id and security headers", async () => {
    const ok = await server.fetch("/readyz");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: "ready" });
    expect(ok.headers.get("x-request-id")).toMatch(/^[\w-]+$/);
    expect(ok.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    const broken = await target.open();
    const s2 = await startTestServer(broken, dir);
    await broken.close();
    // a page that fails names its request, as the log does; then the site answers 503 until the database is back
    const failed = await s2.fetch("/en/cerca?q=lettera", { headers: { "x-request-id": "req-test-500" } });
    expect(failed.status).toBe(500);
    expect(await failed.text()).toContain('data-request-id="">req-test-500</code>');
    expect((await s2.fetch("/en/cerca?q=lettera")).status).toBe(503);
    const down = await s2.fetch("/readyz");
    expect(down.status).toBe(503);
    const live = await s2.fetch("/healthz");
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: "ok", requests: { active: 0, queued: 0 } });
    await s2.close();
  });

  it("answers TRACE with 405 and a forged or malformed Host with 400, never 500", async () => {
    const http = await import("node:http");
    const port = Number(new URL(server.base).port);
    const send = (method: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, method, path: "/", headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on("error", reject);
        req.end();
      });
    expect(await send("TRACE", `127.0.0.1:${port}`)).toBe(405);
    expect(await send("GET", "evil.example")).toBe(400);
    expect(await send("GET", "bad host")).toBe(400);
    expect(await send("GET", `localhost:${port}`)).toBe(200);
  });

  it("lets visitors' pages be cached a minute, revalidated by ETag (304), never a server error; media and assets immutable", async () => {
    // (the record's canonical address, with its label)
    const moved = await server.fetch("/en/oggetti/1");
    const page = moved.status === 301 ? moved.headers.get("location")! : "/en/oggetti/1";
    const first = await server.fetch(page);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=600");
    expect(first.headers.get("vary")).toMatch(/Cookie/);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const body = await first.text();
    const again = await server.fetch(page, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // the same page compressed carries the same tag, and the whole page
    const gz = await server.fetch(page, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("etag")).toBe(etag);
    expect(withoutNonce(await gz.text())).toBe(withoutNonce(body));
    const missing = await server.fetch("/en/this/does/not/exist");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("public, max-age=60");
    const api = await server.fetch("/api/public/search?q=lettera&locale=en");
    expect(api.headers.get("cache-control")).toBe("public, max-age=30");
    expect(api.headers.get("etag")).toBeTruthy();
  });

  it("keeps visitors' catalogue pages a few seconds, makes a page once for a burst of visitors, and keeps variants apart", async () => {
    const { clearSearchCache } = await import("../../app/features/search/search.server");
    clearSearchCache(cat.db);
    const url = "/fr/cerca?q=lettera";
    // five visitors at once on a page nobody asked for yet: one rendering, the others wait for it
    const burst = await Promise.all(Array.from({ length: 5 }, () => server.fetch(url)));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(burst.filter((r) => r.headers.get("x-cache") === "hit")).toHaveLength(4);
    const bodies = await Promise.all(burst.map(async (r) => withoutNonce(await r.text())));
    expect(new Set(bodies).size).toBe(1);
    // each answer has its own request id and its own nonce in its policy and its scripts
    expect(new Set(burst.map((r) => r.headers.get("x-request-id"))).size).toBe(5);
    // the JSON of a record page (Accept) and another cookie are other pages; a session is never served kept pages
    const moved = await server.fetch("/en/oggetti/1");
    const record = moved.status === 301 ? moved.headers.get("location")! : "/en/oggetti/1";
    await server.fetch(record);
    expect((await server.fetch(record)).headers.get("x-cache")).toBe("hit");
    const ld = await server.fetch(record, { headers: { accept: "application/ld+json" } });
    expect(ld.headers.get("x-cache")).toBeNull();
    expect(ld.headers.get("content-type")).toMatch(/ld\+json/);
    expect((await server.fetch(record, { headers: { cookie: "teca_theme=dark" } })).headers.get("x-cache")).toBeNull();
    expect((await server.fetch(record, { headers: { cookie: "teca_session=abc" } })).headers.get("x-cache")).toBeNull();
    // pages that are not the catalogue's (sign-in, content pages) are never kept
    await server.fetch("/login");
    expect((await server.fetch("/login")).headers.get("x-cache")).toBeNull();
  });

  it("keeps the home pages a few seconds for visitors without a session, and forgets them on import", async () => {
    const { clearSearchCache } = await import("../../app/features/search/search.server");
    clearSearchCache(cat.db);
    const first = await server.fetch("/en");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBeNull();
    const body = await first.text();
    const second = await server.fetch("/en");
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    // the same page, each with its own response's nonce (decision 044)
    expect(withoutNonce(await second.text())).toBe(withoutNonce(body));
    expect((await server.fetch("/en", { headers: { cookie: "teca_session=abc" } })).headers.get("x-cache")).toBeNull();
    clearSearchCache(cat.db);
    expect((await server.fetch("/en")).headers.get("x-cache")).toBeNull();
    // a revalidation answered 304 keeps the page too: the next visitor gets the kept copy
    const etag = (await server.fetch("/en")).headers.get("etag")!;
    clearSearchCache(cat.db);
    const revalidated = await server.fetch("/en", { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("x-cache")).toBeNull();
    const after = await server.fetch("/en");
    expect(after.headers.get("x-cache")).toBe("hit");
    expect(after.headers.get("etag")).toBe(etag);
  });

  it("keeps a page nothing has changed since five minutes, a random selection one", async () => {
    const { clearSearchCache } = await import("../../app/features/search/search.server");
    clearSearchCache(cat.db);
    for (const url of ["/en/cerca?shuffle=1", "/en/cerca?q=letter"]) {
      await server.fetch(url);
      expect((await server.fetch(url)).headers.get("x-cache")).toBe("hit");
    }
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now + 61_000);
    try {
      expect((await server.fetch("/en/cerca?shuffle=1")).headers.get("x-cache")).toBeNull();
      expect((await server.fetch("/en/cerca?q=letter")).headers.get("x-cache")).toBe("hit");
      clock.mockReturnValue(now + 301_000);
      expect((await server.fetch("/en/cerca?q=letter")).headers.get("x-cache")).toBeNull();
    } finally {
      clock.mockRestore();
    }
  });

  it("forgets the kept pages on a signed-in user's write, not on a refused one; a kept page carries no Age", async () => {
    const user = await createUser(
      { database: cat.db },
      { email: "pages-cache@example.org", roles: ["Ricercatore"] },
      { userId: null, address: "test" },
    );
    const cookie = `teca_session=${(await createSession(cat.db, user.id, { userAgent: "test", address: "127.0.0.1" })).token}`;
    const write = (who: string) =>
      server.fetch("/api/auth/docs/saveDoc", {
        method: "POST",
        headers: { cookie: who, "content-type": "application/json", origin: server.base },
        body: JSON.stringify({ collection: "collections", locale: "it", data: { title: "Lettere" } }),
      });
    await server.fetch("/fr/cerca?q=giuseppe");
    const hit = await server.fetch("/fr/cerca?q=giuseppe");
    expect(hit.headers.get("x-cache")).toBe("hit");
    // what nothing has changed since is served as validated now (it is kept past the minute a CDN may keep it)
    expect(hit.headers.get("age")).toBeNull();
    // a write refused (no session) changes nothing: the page stays kept
    expect((await write("teca_session=nobody")).status).toBeGreaterThanOrEqual(400);
    expect((await server.fetch("/fr/cerca?q=giuseppe")).headers.get("x-cache")).toBe("hit");
    // a signed-in user's write may change what visitors see: the page is made again
    expect((await write(cookie)).status).toBe(201);
    expect((await server.fetch("/fr/cerca?q=giuseppe")).headers.get("x-cache")).toBeNull();
    expect((await server.fetch("/fr/cerca?q=giuseppe")).headers.get("x-cache")).toBe("hit");
  });
});
