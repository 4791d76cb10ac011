import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { generateSync } from "otplib";
import { createUser } from "../../app/features/accounts/accounts.server";
import { beginSetup, confirmSetup } from "../../app/features/accounts/totp.server";
import { createSession } from "../../app/.server/session";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeRecord } from "../factories/records";
import { HOSTILE_REDIRECTS, LOCAL_REDIRECTS } from "../fixtures/open-redirects";

/**
 * What the outside review of issue 29 sent, replayed over HTTP on the built server (one catalogue per
 * database for all of it).
 *
 * §1: every route that sends the browser somewhere the request names — sign-in (the form, and the
 * page when already signed in), the two-step code page, the pin's `back`, the new collection's `back`, the
 * language switch's `next` — refuses every hostile target of tests/fixtures/open-redirects.ts, over HTTP on
 * the built server. (The SSO round trip is in oidc.test.ts, which has a provider.) What a browser would do
 * with each Location is checked too: it must stay on the site.
 */
const PASSWORD = "Archivio-2026!";

for (const target of testDatabases()) {
  describe(`hostile requests on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    let session = "";
    let recovery: string[] = [];
    const actor = { userId: null, address: "test" };

    beforeAll(async () => {
      process.env.TOTP_KEY ??= "a test key of enough length";
      cat = await seededCatalogue(target, [makeRecord({ id: "pub", texts: { it: { label: "Ventaglio pubblico" } } })]);
      const user = await createUser({ database: cat.db }, { email: "ada@example.org", roles: ["Ricercatore"], password: PASSWORD }, actor);
      session = `teca_session=${(await createSession(cat.db, user.id, { userAgent: "test", address: "127.0.0.1" })).token}`;
      const two = await createUser({ database: cat.db }, { email: "tina@example.org", roles: ["Ricercatore"], password: PASSWORD }, actor);
      const { secret } = (await beginSetup({ database: cat.db }, two.id, "teca.test"))!;
      recovery = (await confirmSetup({ database: cat.db }, two.id, generateSync({ secret }), actor))!;
    });
    afterAll(async () => cat?.close());

    const origin = () => ({ Origin: cat.server.base });
    const form = (fields: Record<string, string>, cookie?: string) => ({
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...origin(), ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
    /** The Location, and where a browser on the site would go with it. */
    const followed = (res: Response) => {
      const location = res.headers.get("location") ?? "";
      return { location, origin: new URL(location, `${cat.server.base}/oggetti/pub`).origin };
    };
    const expectHome = (res: Response, home: string, what: string) => {
      expect([302, 303], what).toContain(res.status);
      const { location, origin: o } = followed(res);
      expect(o, what).toBe(cat.server.base);
      expect(location, what).toBe(home);
    };

    it("sign-in sends every hostile target home, and a local one back to its page", async () => {
      for (const bad of HOSTILE_REDIRECTS) {
        const res = await cat.server.fetch("/en/login", form({ email: "ada@example.org", password: PASSWORD, redirect: bad }));
        expectHome(res, "/en", `POST /en/login redirect=${JSON.stringify(bad)}`);
      }
      const [good, expected] = LOCAL_REDIRECTS[0]!;
      const ok = await cat.server.fetch("/login", form({ email: "ada@example.org", password: PASSWORD, redirect: good }));
      expect(ok.headers.get("location")).toBe(expected);
    });

    it("the sign-in and two-step pages, opened when already signed in, send every hostile target home", async () => {
      for (const bad of HOSTILE_REDIRECTS) {
        const q = `redirect=${encodeURIComponent(bad)}`;
        expectHome(await cat.server.fetch(`/login?${q}`, { headers: { cookie: session } }), "/", `GET /login?${q}`);
        expectHome(await cat.server.fetch(`/fr/login/2fa?${q}`, { headers: { cookie: session } }), "/fr", `GET /fr/login/2fa?${q}`);
      }
    });

    it("the two-step code, once right, sends a hostile target home", async () => {
      // One sign-in per recovery code (a code is spent once); the variants the review found first.
      for (const [i, bad] of [
        "/.//evil.example",
        "/x/..//evil.example/steal",
        "/%2e//evil.example",
        "//evil.example",
        "/\\evil.example",
      ].entries()) {
        const half = await cat.server.fetch("/api/public/login", {
          method: "POST",
          headers: { "Content-Type": "application/json", ...origin() },
          body: JSON.stringify({ email: "tina@example.org", password: PASSWORD, locale: "en" }),
        });
        expect(half.status).toBe(202);
        const cookie = half.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
        const res = await cat.server.fetch("/en/login/2fa", form({ code: recovery[i]!, redirect: bad }, cookie));
        expectHome(res, "/en", `POST /en/login/2fa redirect=${JSON.stringify(bad)}`);
        expect(res.headers.getSetCookie().some((c) => c.startsWith("teca_session="))).toBe(true);
      }
    });

    it("the pin without JavaScript and the new collection's form go back only to a local page", async () => {
      for (const bad of HOSTILE_REDIRECTS) {
        const pin = await cat.server.fetch("/workspace/pin", form({ table: "ca_objects", id: "pub", back: bad }, session));
        // No collection yet: the new-collection form, carrying `back` only as a refused (home) value.
        expect(pin.status, JSON.stringify(bad)).toBe(303);
        const { location, origin: o } = followed(pin);
        expect(o).toBe(cat.server.base);
        expect(new URL(location, cat.server.base).searchParams.get("back"), JSON.stringify(bad)).toBe("/");
      }
      for (const bad of HOSTILE_REDIRECTS.slice(0, 20)) {
        const res = await cat.server.fetch(
          "/en/collections",
          form({ intent: "create", title: "Ventagli", table: "ca_objects", id: "pub", back: bad }, session),
        );
        expectHome(res, "/", `POST /en/collections back=${JSON.stringify(bad)}`);
      }
      // Now there is a collection: the pin itself answers with `back`.
      for (const bad of HOSTILE_REDIRECTS) {
        const pin = await cat.server.fetch("/workspace/pin", form({ table: "ca_objects", id: "pub", back: bad }, session));
        expectHome(pin, "/", `POST /workspace/pin back=${JSON.stringify(bad)}`);
      }
      const [good] = LOCAL_REDIRECTS[1]!;
      expect(
        (await cat.server.fetch("/workspace/pin", form({ table: "ca_objects", id: "pub", back: good }, session))).headers.get("location"),
      ).toBe(good);
      const [{ n }] = await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from collections`);
      expect(n).toBe(20);
    });

    it("a cookie that does not decode is ignored as if absent, never a 500 (§4)", async () => {
      const names = [
        "teca_session",
        "__Host-teca_session",
        "teca_csrf",
        "__Host-teca_csrf",
        "teca_filters",
        "teca_locale",
        "teca_theme",
        "teca_2fa",
        "teca_oidc",
      ];
      const garbage = ["%E0%A4%A", "%", "%ZZ", "%%", "%u0041", "%C0%AF", "%00", "%FF%FE", '"%"', "a%", `${"%".repeat(50)}`];
      const pages = [
        "/",
        "/cerca?q=ventaglio",
        "/cerca.data?q=ventaglio",
        "/api/public/search?q=ventaglio",
        "/api/public/suggest?q=ven",
        "/login",
        "/en/login/2fa",
        "/oggetti/pub",
        "/auth/oidc/callback?state=x&code=y",
      ];
      const seen: string[] = [];
      const send = async (page: string, cookie: string) => {
        const res = await cat.server.fetch(page, { headers: { cookie } });
        await res.arrayBuffer();
        if (res.status >= 500) seen.push(`${page} ${cookie} → ${res.status}`);
      };
      // Every cookie the app reads, all garbage at once (each read happens in the request), per kind of garbage…
      for (const value of garbage) {
        const cookie = names.map((n) => `${n}=${value}`).join("; ");
        for (const page of pages) await send(page, cookie);
        const post = await cat.server.fetch("/login", form({ email: "ada@example.org", password: "wrong", csrf: value }, cookie));
        if (post.status >= 500) seen.push(`POST /login ${cookie} → ${post.status}`);
      }
      // …and each alone, the review's value, where it is read.
      for (const name of names)
        for (const page of ["/", "/cerca?q=ventaglio", "/api/public/search?q=ventaglio", "/en/login/2fa"])
          await send(page, `${name}=%E0%A4%A`);
      expect(seen).toEqual([]);
      // A garbage copy in front of the real session cookie does not sign the user out.
      const profile = await cat.server.fetch("/api/auth/profile", { headers: { cookie: `teca_session=%E0%A4%A; ${session}` } });
      expect(profile.status).toBe(200);
      // And a bad locale cookie is no choice: the home page stays in Italian.
      const home = await cat.server.fetch("/", { headers: { cookie: "teca_locale=%" } });
      expect(home.status).toBe(200);
    });

    it("the language switch goes to the same page in the other language, never elsewhere", async () => {
      for (const bad of HOSTILE_REDIRECTS) {
        const res = await cat.server.fetch(`/lang/en?next=${encodeURIComponent(bad)}`);
        expectHome(res, "/en", `GET /lang/en?next=${JSON.stringify(bad)}`);
      }
      expect((await cat.server.fetch(`/lang/fr?next=${encodeURIComponent("/cerca?q=roma")}`)).headers.get("location")).toBe(
        "/fr/cerca?q=roma",
      );
    });
  });
}
