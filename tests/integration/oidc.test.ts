import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createUser, hashPassword } from "../../app/features/accounts/accounts.server";
import { createSession } from "../../app/.server/session";
import { rolesFromClaims, oidcSettings } from "../../app/features/accounts/oidc.server";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeRecord } from "../factories/records";
import { HOSTILE_REDIRECTS } from "../fixtures/open-redirects";
import { CookieJar, startOidcProvider, throughProvider, type TestAccount } from "../setup/oidc-provider";

/**
 * Single sign-on end to end (decision 045): the real app, a real OpenID provider (oidc-provider) on a local
 * port, the browser played by fetch with a cookie jar through the provider's own login and consent forms.
 */

describe("OIDC settings", () => {
  it("maps claim values to roles, several per value, the default otherwise, and rejects unknown roles", () => {
    const s = oidcSettings({
      OIDC_ISSUER: "https://id.example.org",
      OIDC_CLIENT_ID: "teca",
      OIDC_ROLE_MAP: "archivio-admin:Amministratore, staff:Catalogatore,staff:ricercatore avanzato",
      OIDC_ROLE_CLAIM: "realm_access.roles",
    });
    expect(rolesFromClaims({ realm_access: { roles: ["staff", "other"] } }, s)).toEqual(["Catalogatore", "Ricercatore avanzato"]);
    expect(rolesFromClaims({ realm_access: { roles: ["archivio-admin"] } }, s)).toEqual(["Amministratore"]);
    expect(rolesFromClaims({}, s)).toEqual(["Ricercatore"]);
    expect(rolesFromClaims({}, { ...s, defaultRole: null })).toEqual([]);
    expect(rolesFromClaims({ roles: "staff archivio-admin" }, { ...s, roleClaim: "roles" })).toEqual([
      "Catalogatore",
      "Ricercatore avanzato",
      "Amministratore",
    ]);
    expect(() => oidcSettings({ OIDC_ISSUER: "https://id.example.org", OIDC_CLIENT_ID: "teca", OIDC_ROLE_MAP: "x:Sovrano" })).toThrow(
      /OIDC_ROLE_MAP/,
    );
    expect(() => oidcSettings({ OIDC_ISSUER: "http://id.example.org", OIDC_CLIENT_ID: "teca" })).toThrow(/https/);
    expect(oidcSettings({ OIDC_ISSUER: "http://id.example.org", OIDC_CLIENT_ID: "teca", OIDC_ALLOW_HTTP: "1" }).issuer.protocol).toBe(
      "http:",
    );
  });
});

for (const target of testDatabases()) {
  describe(`single sign-on on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    let provider: Awaited<ReturnType<typeof startOidcProvider>>;
    const saved = { ...process.env };
    const accounts: Record<string, TestAccount> = {
      alice: { email: "alice@idp.example.org", given_name: "Alice", family_name: "Rossi", roles: ["archivio-admin"] },
      bruno: { email: "bruno@idp.example.org", given_name: "Bruno", family_name: "Neri", roles: ["unmapped"] },
      clash: { email: "locale@example.org", given_name: "Clara", roles: ["staff"] },
    };

    beforeAll(async () => {
      cat = await seededCatalogue(target, [makeRecord({ id: "pub", texts: { it: { label: "Ventaglio pubblico" } } })]);
      provider = await startOidcProvider({ redirectUris: [`${cat.server.base}/auth/oidc/callback`], accounts });
      Object.assign(process.env, {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: "teca",
        OIDC_CLIENT_SECRET: "teca-secret",
        OIDC_ALLOW_HTTP: "1",
        OIDC_ROLE_MAP: "archivio-admin:Amministratore,staff:Catalogatore",
        OIDC_LABEL: "Archivio ID",
      });
      await createUser(
        { database: cat.db },
        { email: "locale@example.org", roles: ["Ricercatore"], password: "Archivio-2026" },
        { userId: null, address: "test" },
      );
    });
    afterAll(async () => {
      for (const k of Object.keys(process.env)) if (k.startsWith("OIDC_") && !(k in saved)) delete process.env[k];
      await provider?.close();
      await cat?.close();
    });

    const base = () => cat.server.base;
    const callback = () => `${base()}/auth/oidc/callback`;

    /** The whole dance from Teca's start URL: answers Teca's last reply (the callback's). */
    async function signIn(login: string, opts: { redirect?: string; deny?: boolean; jar?: CookieJar } = {}) {
      const jar = opts.jar ?? new CookieJar();
      const start = await jar.fetch(
        `${base()}/auth/oidc/start?locale=en&redirect=${encodeURIComponent(opts.redirect ?? "/en/cerca?q=ventaglio")}`,
      );
      expect(start.status).toBe(302);
      expect(start.headers.get("cache-control")).toBe("no-store");
      const back = await throughProvider(jar, start.headers.get("location")!, { login, until: callback(), deny: opts.deny });
      const res = await jar.fetch(back);
      return { res, jar, back };
    }
    const userRow = async (email: string) =>
      (
        await cat.db.rows<{
          id: string;
          roles: string[];
          level: number;
          sso: boolean;
          sso_subject: string;
          first_name: string;
          last_name: string;
          email: string;
        }>(sql`select id, roles, level, sso, sso_subject, first_name, last_name, email from users where lower(email) = ${email}`)
      )[0];

    it("shows 'Sign in with <label>' on the login page in every language", async () => {
      for (const [path, text] of [
        ["/login", "Accedi con Archivio ID"],
        ["/en/login", "Sign in with Archivio ID"],
        ["/fr/login", "Se connecter avec Archivio ID"],
      ]) {
        const html = await (await cat.server.fetch(`${path}?redirect=%2Fcerca`)).text();
        expect(html).toContain(text);
        expect(html).toContain(
          `/auth/oidc/start?locale=${path.split("/")[1] === "login" ? "it" : path.split("/")[1]}&amp;redirect=%2Fcerca`,
        );
      }
    });

    it("creates the SSO user at the first sign-in with the mapped roles, opens a session and goes back to the page", async () => {
      const { res, jar } = await signIn("alice");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/en/cerca?q=ventaglio");
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith("teca_session="))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(jar.get(base(), "teca_oidc")).toBeUndefined(); // the pending request is spent
      const u = await userRow("alice@idp.example.org");
      expect(u).toMatchObject({ roles: ["Amministratore"], level: 64, sso: true, first_name: "Alice", last_name: "Rossi" });
      expect(u!.sso_subject).toBe(`${provider.issuer} alice`);
      const profile = await jar.fetch(`${base()}/api/auth/profile`);
      expect(profile.status).toBe(200);
      expect(await profile.json()).toMatchObject({ user: { email: "alice@idp.example.org", sso: true, roles: ["Amministratore"] } });
      const [audit] = await cat.db.rows<{ event: string; detail: { method: string } }>(
        sql`select event, detail from audit_log where subject_id = ${u!.id} and event = 'login' order by id desc limit 1`,
      );
      expect(audit).toMatchObject({ event: "login", detail: { method: "sso" } });
      expect((await cat.db.rows(sql`select 1 from pending_logins where kind = 'oidc'`)).length).toBe(0);
    });

    it("brings name, address and roles up to date from the claims at the next sign-in", async () => {
      accounts.alice = { email: "alice.rossi@idp.example.org", given_name: "Alicia", family_name: "Rossi", roles: ["staff"] };
      const { res } = await signIn("alice", { redirect: "/" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      const u = await userRow("alice.rossi@idp.example.org");
      expect(u).toMatchObject({ roles: ["Catalogatore"], level: 8, first_name: "Alicia", sso: true });
      expect((await cat.db.rows(sql`select 1 from users where sso`)).length).toBe(1);
    });

    it("gives the default role when no claim value is mapped", async () => {
      const { res } = await signIn("bruno");
      expect(res.status).toBe(302);
      expect(await userRow("bruno@idp.example.org")).toMatchObject({ roles: ["Ricercatore"], level: 2 });
    });

    it("refuses a password sign-in, a reset and a password change for an SSO user", async () => {
      // Even with a password hash somehow in the row, the password is not a way in.
      await cat.db.rows(sql`update users set password_hash = ${await hashPassword("Archivio-2026")} where email = 'bruno@idp.example.org'`);
      const login = await cat.server.fetch("/api/public/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base() },
        body: JSON.stringify({ email: "bruno@idp.example.org", password: "Archivio-2026" }),
      });
      expect(login.status).toBe(401);
      expect(await login.json()).toEqual({ error: { code: 401, message: "Nome utente o password errati." } });
      const { jar } = await signIn("bruno");
      const edit = await jar.fetch(`${base()}/editPassword`);
      expect(edit.status).toBe(404);
      // A reset request gets the reply every address gets, and no link is made.
      const reset = await cat.server.fetch("/api/public/reset_password", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base() },
        body: JSON.stringify({ email: "bruno@idp.example.org" }),
      });
      expect(reset.status).toBe(200);
      let detail: { sent?: boolean; reason?: string } | undefined;
      for (let i = 0; i < 40 && !detail; i++) {
        await new Promise((r) => setTimeout(r, 100));
        detail = (
          await cat.db.rows<{ detail: { sent: boolean; reason: string } }>(
            sql`select detail from audit_log where event = 'password_reset_requested' and lower(email) = 'bruno@idp.example.org'`,
          )
        )[0]?.detail;
      }
      expect(detail).toEqual({ sent: false, reason: "sso" });
      expect(
        (
          await cat.db.rows(
            sql`select 1 from password_reset_tokens t join users u on u.id = t.user_id where u.email = 'bruno@idp.example.org'`,
          )
        ).length,
      ).toBe(0);
    });

    it("refuses a state that does not match, and the same answer twice", async () => {
      const jar = new CookieJar();
      const start = await jar.fetch(`${base()}/auth/oidc/start?redirect=/`);
      const back = await throughProvider(jar, start.headers.get("location")!, { login: "alice", until: callback() });
      const forged = new URL(back);
      forged.searchParams.set("state", "not-the-state");
      const bad = await jar.fetch(forged.href);
      expect(bad.status).toBe(302);
      expect(bad.headers.get("location")).toBe("/login?sso_error=failed");
      expect(bad.headers.getSetCookie().some((c) => c.startsWith("teca_session="))).toBe(false);
      // The pending request was spent by the forged answer: the genuine one is refused too.
      const replay = await jar.fetch(back);
      expect(replay.headers.get("location")).toBe("/login?sso_error=failed");
      // An answer without the browser's pending request (another browser, no cookie) is refused.
      const stranger = await fetch(back, { redirect: "manual" });
      expect(stranger.headers.get("location")).toBe("/login?sso_error=failed");
      const page = await (await fetch(`${base()}/login?sso_error=failed`)).text();
      expect(page).toContain("Accesso non riuscito: la richiesta è scaduta o non è valida. Riprova.");
      const failures = await cat.db.rows<{ n: number }>(
        sql`select count(*)::int as n from audit_log where event = 'login_failed' and detail->>'method' = 'sso'`,
      );
      expect(failures[0]!.n).toBeGreaterThanOrEqual(3);
    });

    it("goes back to the login page saying so when consent is denied", async () => {
      const { res } = await signIn("alice", { deny: true });
      expect(res.headers.get("location")).toBe("/en/login?sso_error=denied");
      const page = await (await fetch(`${base()}/en/login?sso_error=denied`)).text();
      expect(page).toContain("Sign-in cancelled: the sign-in service was not authorised.");
    });

    it("never hands a local account to the provider's user of the same address", async () => {
      const { res } = await signIn("clash");
      expect(res.headers.get("location")).toBe("/en/login?sso_error=refused");
      expect(await userRow("locale@example.org")).toMatchObject({ sso: false, roles: ["Ricercatore"] });
    });

    it("says the provider is unreachable when it is down, without a trace", async () => {
      process.env.OIDC_ISSUER = "http://127.0.0.1:9/";
      try {
        const res = await cat.server.fetch("/auth/oidc/start?locale=fr&redirect=/fr");
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toBe("/fr/login?sso_error=unavailable");
        const page = await (await cat.server.fetch("/fr/login?sso_error=unavailable")).text();
        expect(page).toContain("Le service de connexion est injoignable pour le moment.");
      } finally {
        process.env.OIDC_ISSUER = provider.issuer;
      }
    });

    it("does not follow a redirect to another site", async () => {
      const { res } = await signIn("bruno", { redirect: "//evil.example/x" });
      expect(res.headers.get("location")).toBe("/en");
      // The review's variant: a path that normalises to "//evil.example" (issue 29 §1).
      const { res: dotted } = await signIn("bruno", { redirect: "/.//evil.example" });
      expect(dotted.headers.get("location")).toBe("/en");
    });

    it("claims a share waiting for the address only when the provider asserts it verified (issue 29 §5)", async () => {
      const owner = await createUser(
        { database: cat.db },
        { email: "owner@example.org", roles: ["Ricercatore"] },
        { userId: null, address: "test" },
      );
      const ownerCookie = `teca_session=${(await createSession(cat.db, owner.id, { userAgent: "test", address: "127.0.0.1" })).token}`;
      const call = async (cookie: string, path: string, body: unknown) => {
        const res = await fetch(`${base()}${path}`, {
          method: "POST",
          headers: { cookie, "content-type": "application/json", origin: base() },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json().catch(() => null)) as { data: { id: string } } | null };
      };
      const made = await call(ownerCookie, "/api/auth/docs/saveDoc", {
        collection: "collections",
        locale: "it",
        data: { title: "Carteggio riservato", items: [{ table: "ca_objects", id: "pub" }] },
      });
      expect(made.status).toBe(201);
      const id = made.body!.data.id;
      expect(
        (
          await call(ownerCookie, "/api/auth/docs/shareDoc", {
            collection: "collections",
            name: id,
            locale: "it",
            data: { share: { email: "dora@idp.example.org", role: "reader" } },
          })
        ).status,
      ).toBe(200);
      const sees = async (jar: CookieJar) => (await jar.fetch(`${base()}/collections/${id}`)).status;

      // The claim left out: signed in, but the collection shared with that address stays out of reach.
      accounts.dora = { email: "dora@idp.example.org", given_name: "Dora", roles: ["staff"], email_verified: undefined };
      const first = await signIn("dora");
      expect(first.res.status).toBe(302);
      expect(await sees(first.jar)).toBe(404);
      expect(await userRow("dora@idp.example.org")).toBeTruthy();
      const [waiting] = await cat.db.rows<{ user_id: string | null }>(
        sql`select user_id from collection_shares where email = 'dora@idp.example.org'`,
      );
      expect(waiting!.user_id).toBeNull();
      // A string that is not "true" asserts nothing either.
      accounts.dora = { ...accounts.dora, email_verified: "yes" };
      expect(await sees((await signIn("dora")).jar)).toBe(404);
      // Asserted: the next sign-in claims it.
      accounts.dora = { ...accounts.dora, email_verified: true };
      const verified = await signIn("dora");
      expect(await sees(verified.jar)).toBe(200);
    });

    it("keeps the language's home, not a hostile target, for the return from the provider", async () => {
      for (const bad of HOSTILE_REDIRECTS) {
        const start = await cat.server.fetch(`/auth/oidc/start?locale=fr&redirect=${encodeURIComponent(bad)}`);
        expect(start.status, JSON.stringify(bad)).toBe(302);
        const state = new URL(start.headers.get("location")!).searchParams.get("state");
        const [row] = await cat.db.rows<{ data: { redirect: string } }>(
          sql`select data from pending_logins where kind = 'oidc' and data->>'state' = ${state}`,
        );
        expect(row!.data.redirect, JSON.stringify(bad)).toBe("/fr");
      }
      await cat.db.rows(sql`delete from pending_logins where kind = 'oidc'`);
    });
  });
}
