import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { createApp } from "../../server/app";
import { logger } from "../../app/.server/logger";
import { createUser } from "../../app/features/accounts/accounts.server";
import { hashToken } from "../../app/.server/session";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeRecord } from "../factories/records";
import { buildDir } from "../../server/build-dir";

const root = path.resolve(import.meta.dirname, "../..");
const PASSWORD = "Archivio-2026";

type Server = { base: string; fetch: (p: string, init?: RequestInit) => Promise<Response>; close(): Promise<void> };

/** The real app over a database, with an optionally altered build and options. */
async function serve(
  database: Parameters<typeof createApp>[0]["database"],
  store: string,
  over: { build?: ServerBuild; publicUrl?: string } = {},
): Promise<Server> {
  const build = over.build ?? ((await import(path.join(buildDir, "server/index.js"))) as ServerBuild);
  const app = createApp({
    database,
    build,
    clientDir: path.join(buildDir, "client"),
    publicDir: path.join(root, "public"),
    mediaDir: store,
    logger,
    publicUrl: over.publicUrl,
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((r) => server.once("listening", () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    fetch: (p, init) => fetch(base + p, { redirect: "manual", ...init }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const sessionOf = (res: Response) => res.headers.getSetCookie().find((c) => /^(__Host-)?teca_session=/.test(c));
const cookiePair = (setCookie: string | undefined) => (setCookie ?? "").split(";")[0]!;

for (const target of testDatabases()) {
  describe(`accounts on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    let server: Server;
    const actor = { userId: null, address: "test" };

    const login = (email: string, password: string, headers: Record<string, string> = {}) =>
      server.fetch("/api/public/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.base, ...headers },
        body: JSON.stringify({ email, password }),
      });
    const signedIn = async (email: string) => {
      const res = await login(email, PASSWORD);
      expect(res.status).toBe(200);
      return cookiePair(sessionOf(res));
    };

    beforeAll(async () => {
      cat = await seededCatalogue(target, [
        makeRecord({ id: "pub", texts: { it: { label: "Ventaglio pubblico" } } }),
        makeRecord({ id: "res2", access: 2, texts: { it: { label: "Ventaglio riservato" } } }),
      ]);
      server = cat.server;
      await createUser(
        { database: cat.db },
        { email: "Ricerca@Example.org", roles: ["Ricercatore"], password: PASSWORD, firstName: "Rita" },
        actor,
      );
      await createUser({ database: cat.db }, { email: "manager@example.org", roles: ["Manager"], password: PASSWORD }, actor);
      await createUser({ database: cat.db }, { email: "spento@example.org", roles: ["Manager"], password: PASSWORD }, actor);
      await cat.db.rows(sql`update users set disabled = true where email = 'spento@example.org'`);
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("signs in with the right password (any case of the address) and sets a safe session cookie", async () => {
      const res = await login("ricerca@example.org", PASSWORD);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = (await res.json()) as { user: { email: string; roles: string[]; level: number; capabilities: string[] } };
      expect(body.user).toMatchObject({ email: "Ricerca@Example.org", roles: ["Ricercatore"], level: 2 });
      expect(body.user.capabilities).toContain("PRIVATE");
      const cookie = sessionOf(res)!;
      expect(cookie).toMatch(/^teca_session=[\w-]{43}; /);
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");
      expect(cookie).toContain("Path=/");
      expect(cookie).not.toContain("Secure");
      const profile = await server.fetch("/api/auth/profile", { headers: { Cookie: cookiePair(cookie) } });
      expect(profile.status).toBe(200);
      expect(((await profile.json()) as { user: { firstName: string } }).user.firstName).toBe("Rita");
      // the token is stored hashed: the cookie's value is no row's id
      const token = cookiePair(cookie).split("=")[1]!;
      const rows = await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from sessions where id = ${token}`);
      expect(rows[0]!.n).toBe(0);
      const audit = await cat.db.rows<{ event: string }>(
        sql`select event from audit_log where email = 'ricerca@example.org' order by id desc limit 1`,
      );
      expect(audit[0]!.event).toBe("login");
    });

    it("answers any failure the same way: unknown address, wrong password, disabled account, empty fields", async () => {
      const answers = await Promise.all([
        login("nobody@example.org", PASSWORD),
        login("manager@example.org", "Wrong-password1"),
        login("spento@example.org", PASSWORD),
        login("", ""),
      ]);
      const bodies = await Promise.all(answers.map((r) => r.text()));
      for (const [i, r] of answers.entries()) {
        expect(r.status).toBe(401);
        expect(sessionOf(r)).toBeUndefined();
        expect(bodies[i]).toBe(bodies[0]);
      }
      expect(JSON.parse(bodies[0]!)).toEqual({ error: { code: 401, message: "Nome utente o password errati." } });
      const failed = await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from audit_log where event = 'login_failed'`);
      expect(failed[0]!.n).toBe(4);
      // similar timing: an unknown address costs a password hash too (medians of alternating tries)
      const unknown: number[] = [];
      const wrong: number[] = [];
      for (let i = 0; i < 6; i++) {
        let t = performance.now();
        await login(`nobody${i}@example.org`, "Wrong-password1");
        unknown.push(performance.now() - t);
        t = performance.now();
        await login("ricerca@example.org", "Wrong-password1");
        wrong.push(performance.now() - t);
        await cat.db.rows(sql`delete from rate_limits`);
      }
      const median = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
      expect(median(unknown) / median(wrong)).toBeGreaterThan(0.5);
      expect(median(unknown) / median(wrong)).toBeLessThan(2);
      await cat.db.rows(sql`delete from rate_limits`);
    });

    it("gives a new session at each sign-in, ending the one the browser came with", async () => {
      const first = await signedIn("manager@example.org");
      const second = await login("manager@example.org", PASSWORD, { Cookie: first });
      const again = cookiePair(sessionOf(second));
      expect(again).not.toBe(first);
      expect((await server.fetch("/api/auth/profile", { headers: { Cookie: first } })).status).toBe(401);
      expect((await server.fetch("/api/auth/profile", { headers: { Cookie: again } })).status).toBe(200);
    });

    it("logout ends the session on the server: the old cookie no longer works", async () => {
      const cookie = await signedIn("manager@example.org");
      const out = await server.fetch("/api/auth/logout?locale=en", { headers: { Cookie: cookie, Accept: "text/html" } });
      expect(out.status).toBe(302);
      // home in the language, not the login page (issue 31)
      expect(out.headers.get("location")).toBe("/en");
      expect(sessionOf(out)).toMatch(/^teca_session=; .*Max-Age=0/);
      expect((await server.fetch("/api/auth/profile", { headers: { Cookie: cookie } })).status).toBe(401);
      // back to the public page the user was on; another site's address or the login page: home
      for (const [next, location] of [
        ["/fr/cerca?q=roma&page=2", "/fr/cerca?q=roma&page=2"],
        ["//evil.example/x", "/fr"],
        ["https://evil.example/", "/fr"],
        ["/fr/login", "/fr"],
      ]) {
        const again = await signedIn("manager@example.org");
        const res = await server.fetch(`/api/auth/logout?locale=fr&next=${encodeURIComponent(next!)}`, {
          headers: { Cookie: again, Accept: "text/html" },
        });
        expect(res.headers.get("location"), next).toBe(location);
        expect((await server.fetch("/api/auth/profile", { headers: { Cookie: again } })).status).toBe(401);
      }
      // a logout link followed from another site is refused
      const other = await signedIn("manager@example.org");
      expect((await server.fetch("/api/auth/logout", { headers: { Cookie: other, "Sec-Fetch-Site": "cross-site" } })).status).toBe(403);
      expect((await server.fetch("/api/auth/profile", { headers: { Cookie: other } })).status).toBe(200);
    });

    it("a session ends after the idle time and at its absolute expiry", async () => {
      const idle = await signedIn("manager@example.org");
      await cat.db.rows(sql`update sessions set last_seen_at = now() - interval '121 minutes'`);
      expect((await server.fetch("/api/auth/profile", { headers: { Cookie: idle } })).status).toBe(401);
      const old = await signedIn("manager@example.org");
      await cat.db.rows(sql`update sessions set expires_at = now() - interval '1 second'`);
      expect((await server.fetch("/api/auth/profile", { headers: { Cookie: old } })).status).toBe(401);
      // the expired rows are gone
      for (const c of [idle, old]) {
        const id = hashToken(c.split("=")[1]!);
        expect((await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from sessions where id = ${id}`))[0]!.n).toBe(0);
      }
    });

    it("disabling a user ends their sessions", async () => {
      await createUser({ database: cat.db }, { email: "temp@example.org", roles: ["Ricercatore"], password: PASSWORD }, actor);
      const cookie = await signedIn("temp@example.org");
      const { disableUser } = await import("../../app/features/accounts/accounts.server");
      await disableUser({ database: cat.db }, "TEMP@example.org", actor);
      expect((await server.fetch("/api/auth/profile", { headers: { Cookie: cookie } })).status).toBe(401);
      expect((await login("temp@example.org", PASSWORD)).status).toBe(401);
      await cat.db.rows(sql`delete from rate_limits`);
    });

    it("the login page signs in without JavaScript and goes back to a local redirect only", async () => {
      const page = await server.fetch("/fr/login?redirect=%2Fcerca%3Fq%3Dventaglio");
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const html = await page.text();
      expect(html).toContain('<html lang="fr"');
      const csrf = /name="csrf" value="([\w-]+)"/.exec(html)![1]!;
      const post = (redirect: string, password = PASSWORD) =>
        server.fetch("/fr/login", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
          body: new URLSearchParams({ email: "manager@example.org", password, redirect, csrf }).toString(),
        });
      const ok = await post("/cerca?q=ventaglio");
      expect(ok.status).toBe(302);
      expect(ok.headers.get("location")).toBe("/cerca?q=ventaglio");
      expect(sessionOf(ok)).toBeDefined();
      for (const bad of [
        "//evil.example/x",
        "/\\evil.example",
        "https://evil.example",
        "/%2F%2Fevil.example",
        "%2F%2Fevil.example",
        "javascript:alert(1)",
        "/x%0d%0aSet-Cookie:a=b",
      ]) {
        const res = await post(bad);
        expect(res.headers.get("location"), bad).toBe("/fr");
      }
      const wrong = await post("/cerca", "Nope-nope-1");
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain("Nom d&#x27;utilisateur ou mot de passe incorrect.");
      await cat.db.rows(sql`delete from rate_limits`);
      // signed in, the login page sends the user on
      const cookie = await signedIn("manager@example.org");
      const again = await server.fetch("/login?redirect=/cerca", { headers: { Cookie: cookie } });
      expect(again.status).toBe(302);
      expect(again.headers.get("location")).toBe("/cerca");
    });

    it("sends the Referrer-Policy that lets browsers name the origin of same-site form posts", async () => {
      expect((await server.fetch("/login")).headers.get("referrer-policy")).toBe("same-origin");
    });

    it("refuses cross-site posts with 403, and form posts without Origin unless they carry the form token", async () => {
      const body = JSON.stringify({ email: "manager@example.org", password: PASSWORD });
      const json = { "Content-Type": "application/json" };
      expect(
        (await server.fetch("/api/public/login", { method: "POST", headers: { ...json, Origin: "https://evil.example" }, body })).status,
      ).toBe(403);
      // Origin wrong even when fetch metadata is absent; right Origin but another site per fetch metadata
      expect(
        (
          await server.fetch("/api/public/login", {
            method: "POST",
            headers: { ...json, Origin: server.base, "Sec-Fetch-Site": "cross-site" },
            body,
          })
        ).status,
      ).toBe(403);
      expect(
        (await server.fetch("/api/public/login", { method: "POST", headers: { ...json, "Sec-Fetch-Site": "cross-site" }, body })).status,
      ).toBe(403);
      expect(
        (await server.fetch("/api/public/login", { method: "POST", headers: { ...json, "Sec-Fetch-Site": "same-site" }, body })).status,
      ).toBe(403);
      expect(
        (await server.fetch("/api/public/login", { method: "POST", headers: { ...json, "Sec-Fetch-Site": "same-origin" }, body })).status,
      ).toBe(200);
      const form = { "Content-Type": "application/x-www-form-urlencoded" };
      const fields = { email: "manager@example.org", password: PASSWORD };
      expect((await server.fetch("/login", { method: "POST", headers: form, body: new URLSearchParams(fields).toString() })).status).toBe(
        403,
      );
      // Origin "null" (a sandboxed frame) is refused too (React Router's own check answers 400 first)
      expect([400, 403]).toContain(
        (
          await server.fetch("/login", {
            method: "POST",
            headers: { ...form, Origin: "null" },
            body: new URLSearchParams(fields).toString(),
          })
        ).status,
      );
      expect(
        (
          await server.fetch("/login", {
            method: "POST",
            headers: { ...form, Cookie: "teca_csrf=aaaaaaaaaaaaaaaaaaaaaaaa" },
            body: new URLSearchParams({ ...fields, csrf: "bbbbbbbbbbbbbbbbbbbbbbbb" }).toString(),
          })
        ).status,
      ).toBe(403);
      const ok = await server.fetch("/login", {
        method: "POST",
        headers: { ...form, Cookie: "teca_csrf=aaaaaaaaaaaaaaaaaaaaaaaa" },
        body: new URLSearchParams({ ...fields, csrf: "aaaaaaaaaaaaaaaaaaaaaaaa" }).toString(),
      });
      expect(ok.status).toBe(302);
    });

    it("shows a restricted record to a user with RISERVATO, not to a Ricercatore or a visitor (search and record page)", async () => {
      const manager = await signedIn("manager@example.org");
      const researcher = await signedIn("ricerca@example.org");
      const search = async (cookie?: string) => {
        const res = await server.fetch("/api/public/search?q=ventaglio&locale=it", { headers: cookie ? { Cookie: cookie } : {} });
        return ((await res.json()) as { count: number }).count;
      };
      expect(await search()).toBe(1);
      expect(await search(researcher)).toBe(1);
      expect(await search(manager)).toBe(2);
      const page = (cookie?: string) => server.fetch("/oggetti/res2", { headers: cookie ? { Cookie: cookie } : {}, redirect: "follow" });
      expect((await page()).status).toBe(404);
      expect((await page(researcher)).status).toBe(404);
      const seen = await page(manager);
      expect(seen.status).toBe(200);
      expect(seen.headers.get("cache-control")).toBe("private, no-store");
      expect(await seen.text()).toContain("Ventaglio riservato");
      // the visitor's page stays public and shared
      const pub = await server.fetch("/oggetti/pub", { redirect: "follow" });
      expect(pub.headers.get("cache-control")).toMatch(/^public/);
      const mine = await server.fetch("/oggetti/pub", { headers: { Cookie: researcher }, redirect: "follow" });
      expect(mine.headers.get("cache-control")).toBe("private, no-store");
      expect(await mine.text()).toContain("Rita");
    });

    it("the route guard: a visitor goes to login (302), a user without the capability gets 404, one with it the page", async () => {
      const { guardBuild } = await import("../../app/.server/access/guard");
      const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
      // the cookie policy made to need RISERVATO, and (no handle) PRIVATE in French
      const need = (id: string, handle: object | undefined) => {
        const route = build.routes[id]!;
        return { ...route, module: { ...route.module, handle } };
      };
      const altered = {
        ...build,
        routes: {
          ...build.routes,
          "it:cookie-policy": need("it:cookie-policy", { capability: "RISERVATO" }),
          "fr:cookie-policy": need("fr:cookie-policy", undefined),
        },
      };
      expect(guardBuild(altered)).toBe(guardBuild(altered));
      const s = await serve(cat.db, cat.store, { build: altered });
      try {
        const manager = await signedIn("manager@example.org");
        const researcher = await signedIn("ricerca@example.org");
        const visitor = await s.fetch("/public/cookie-policy?x=1");
        expect(visitor.status).toBe(302);
        expect(visitor.headers.get("location")).toBe("/login?redirect=%2Fpublic%2Fcookie-policy%3Fx%3D1");
        const fr = await s.fetch("/fr/public/cookie-policy");
        expect(fr.headers.get("location")).toBe("/fr/login?redirect=%2Ffr%2Fpublic%2Fcookie-policy");
        // a client-side navigation's data request gets React Router's redirect, not the page's data
        const data = await s.fetch("/public/cookie-policy.data");
        expect(data.status).toBe(202);
        const body = await data.text();
        expect(body).toContain("/login?redirect=%2Fpublic%2Fcookie-policy");
        expect(body).not.toContain(".data");
        const denied = await s.fetch("/public/cookie-policy", { headers: { Cookie: researcher } });
        expect(denied.status).toBe(404);
        expect(await denied.text()).toContain('data-error-page="404"');
        expect((await s.fetch("/public/cookie-policy", { headers: { Cookie: manager } })).status).toBe(200);
        // PRIVATE (no capability declared): any signed-in role passes
        expect((await s.fetch("/fr/public/cookie-policy", { headers: { Cookie: researcher } })).status).toBe(200);
        // the login page itself never redirects to login; public pages stay open
        expect((await s.fetch("/login")).status).toBe(200);
        expect((await s.fetch("/")).status).toBe(200);
        expect((await s.fetch("/api/auth/profile")).status).toBe(401);
      } finally {
        await s.close();
      }
    });

    it("marks the session cookie Secure with the __Host- prefix over HTTPS (PUBLIC_URL, or TRUST_PROXY and x-forwarded-proto)", async () => {
      const https = await serve(cat.db, cat.store, { publicUrl: "https://teca.example.org" });
      try {
        const res = await https.fetch("/api/public/login", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: "https://teca.example.org" },
          body: JSON.stringify({ email: "manager@example.org", password: PASSWORD }),
        });
        expect(res.status).toBe(200);
        const cookie = sessionOf(res)!;
        expect(cookie).toMatch(/^__Host-teca_session=/);
        expect(cookie).toContain("Secure");
        expect(cookie).toContain("Path=/");
        expect((await https.fetch("/api/auth/profile", { headers: { Cookie: cookiePair(cookie) } })).status).toBe(200);
        // the unprefixed name is not read over HTTPS
        expect((await https.fetch("/api/auth/profile", { headers: { Cookie: cookiePair(cookie).replace("__Host-", "") } })).status).toBe(
          401,
        );
      } finally {
        await https.close();
      }
      const before = process.env.TRUST_PROXY;
      process.env.TRUST_PROXY = "1";
      const proxied = await serve(cat.db, cat.store);
      try {
        const res = await proxied.fetch("/api/public/login", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", "X-Forwarded-Proto": "https" },
          body: JSON.stringify({ email: "manager@example.org", password: PASSWORD }),
        });
        expect(sessionOf(res)).toMatch(/^__Host-teca_session=.*; Secure/);
      } finally {
        if (before === undefined) delete process.env.TRUST_PROXY;
        else process.env.TRUST_PROXY = before;
        await proxied.close();
      }
    });

    it("answers 429 with Retry-After after too many failures from one client, never to the owner's own client (decision 081)", async () => {
      await cat.db.rows(sql`delete from rate_limits`);
      process.env.LOGIN_MAX_FAILURES_ACCOUNT = "3";
      process.env.LOGIN_MAX_FAILURES_ADDRESS = "6";
      // the owner comes through a reverse proxy that names them: another client than the test's 127.0.0.1
      const before = process.env.TRUST_PROXY;
      process.env.TRUST_PROXY = "1";
      const proxied = await serve(cat.db, cat.store);
      const fromHome = (email: string) =>
        proxied.fetch("/api/public/login", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: proxied.base, "X-Forwarded-For": "203.0.113.7" },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
      try {
        for (let i = 0; i < 3; i++) expect((await login("manager@example.org", "Wrong-password1")).status).toBe(401);
        const limited = await login("manager@example.org", PASSWORD);
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(800);
        expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(900);
        expect(await limited.json()).toEqual({ error: { code: 429, message: "Troppi tentativi di accesso. Riprova tra 15 minuti." } });
        // the page says so too
        const page = await server.fetch("/login", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
          body: new URLSearchParams({ email: "manager@example.org", password: PASSWORD }).toString(),
        });
        expect(page.status).toBe(429);
        expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(800);
        expect(await page.text()).toContain("Troppi tentativi di accesso");
        // the stranger's failures do not hold the owner, who signs in from their own client
        const home = await fromHome("manager@example.org");
        expect(home.status).toBe(200);
        expect(sessionOf(home)).toBeDefined();
        // another account from the stranger's client still works, until that client's own limit
        for (let i = 0; i < 3; i++) expect((await login(`x${i}@example.org`, "Wrong-password1")).status).toBe(401);
        expect((await login("ricerca@example.org", PASSWORD)).status).toBe(429);
        expect((await fromHome("ricerca@example.org")).status).toBe(200);
        // the limit passes: the right password gets through again once the window has ended
        await cat.db.rows(sql`update rate_limits set expire = now() - interval '1 second'`);
        expect((await login("manager@example.org", PASSWORD)).status).toBe(200);
      } finally {
        await proxied.close();
        if (before === undefined) delete process.env.TRUST_PROXY;
        else process.env.TRUST_PROXY = before;
        delete process.env.LOGIN_MAX_FAILURES_ACCOUNT;
        delete process.env.LOGIN_MAX_FAILURES_ADDRESS;
        await cat.db.rows(sql`delete from rate_limits`);
      }
    });
  });
}
