import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { generateSync } from "otplib";
import { createUser } from "../../app/features/accounts/accounts.server";
import { failedAttempts } from "../../app/features/accounts/limits.server";
import { beginSetup, confirmSetup, requiredForSite } from "../../app/features/accounts/totp.server";
import { resetUserTotp, UsersError } from "../../app/features/accounts/users.server";
import { isRefusal } from "../../app/.server/access";
import { auditVia } from "../../app/features/accounts/users";
import { accountMenu } from "../../app/features/accounts/menu.server";
import { saveSiteOptions } from "../../app/features/site/site.server";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeRecord } from "../factories/records";

/**
 * Issue 13's two-step verification, finished (decision 048): the site option that requires it, the current
 * password before turning it on, a manager's reset from /settings/users, the audit log's labels, the menu item
 * and the sign-in popup's single sign-on button.
 */

const PASSWORD = "Archivio-2026";
const saved = { ...process.env };
const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];

describe("labels and menu", () => {
  it("names how a sign-in was made in the audit log", () => {
    expect(auditVia({ method: "sso" })).toBe("users.audit.via.sso");
    expect(auditVia({ secondFactor: "totp" })).toBe("users.audit.via.totp");
    expect(auditVia({ secondFactor: "recovery" })).toBe("users.audit.via.recovery");
    expect(auditVia({ method: "totp" })).toBe("users.audit.via.totp");
    expect(auditVia({ roles: ["Manager"] })).toBeNull();
    expect(auditVia(null)).toBeNull();
  });
  it("links two-step verification for password users, not for SSO users", () => {
    const profile = {
      id: "u",
      email: "a@example.org",
      firstName: "",
      lastName: "",
      roles: ["Ricercatore"],
      level: 2,
      sso: false,
      capabilities: ["PRIVATE", "CHANGE_PASSWORD"],
    };
    expect(accountMenu(profile)!.security).toBe(true);
    expect(accountMenu({ ...profile, sso: true })!.security).toBe(false);
  });
});

for (const target of testDatabases()) {
  describe(`two-step verification, finished, on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const ids: Record<string, string> = {};
    const cli = { userId: null, address: "test" };

    beforeAll(async () => {
      process.env.TOTP_KEY = "a test key of enough length";
      cat = await seededCatalogue(target, [makeRecord({ id: "pub", texts: { it: { label: "Ventaglio pubblico" } } })]);
      for (const [email, role] of [
        ["capo@example.org", "Manager"],
        ["ada@example.org", "Amministratore"],
        ["admin2@example.org", "Amministratore"],
        ["rita@example.org", "Ricercatore"],
        ["tina@example.org", "Ricercatore"],
        ["sara@example.org", "Ricercatore"],
      ] as const)
        ids[email] = (
          await createUser({ database: cat.db }, { email, roles: [role], password: PASSWORD, firstName: email.split("@")[0] }, cli)
        ).id;
      await cat.db.rows(sql`update users set sso = true, password_hash = null where email = 'sara@example.org'`);
    });
    afterAll(async () => {
      for (const k of ["TOTP_KEY", "REQUIRE_2FA_FOR", "OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_LABEL"]) {
        if (k in saved) process.env[k] = saved[k];
        else delete process.env[k];
      }
      await cat?.close();
    });

    const origin = () => ({ Origin: cat.server.base });
    const login = (email: string) =>
      cat.server.fetch("/api/public/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...origin() },
        body: JSON.stringify({ email, password: PASSWORD, locale: "en" }),
      });
    const session = async (email: string) => {
      const res = await login(email);
      expect(res.status, email).toBe(200);
      return cookieOf(res, "teca_session")!;
    };
    const form = (path: string, cookie: string, fields: Record<string, string>) =>
      cat.server.fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...origin() },
        body: new URLSearchParams(fields),
      });
    const turnOn = async (email: string) => {
      const { secret } = (await beginSetup({ database: cat.db }, ids[email]!, "teca.test"))!;
      expect(await confirmSetup({ database: cat.db }, ids[email]!, generateSync({ secret }), cli)).toHaveLength(10);
    };

    it("the site option require2faFor sends a Manager to set it up after the password", async () => {
      await saveSiteOptions({ database: cat.db }, "it", { require2faFor: ["MANAGE_USERS"] });
      try {
        expect(await requiredForSite({ database: cat.db })).toEqual(["MANAGE_USERS"]);
        const res = await login("capo@example.org");
        expect(res.status).toBe(202);
        expect(await res.json()).toEqual({ secondFactor: { next: "/en/login/2fa" } });
        expect(cookieOf(res, "teca_session")).toBeUndefined();
        const page = await (await cat.server.fetch("/en/login/2fa", { headers: { cookie: cookieOf(res, "teca_2fa")! } })).text();
        expect(page).toContain("Your role requires two-step verification.");
        // A Ricercatore is not concerned.
        expect((await login("rita@example.org")).status).toBe(200);
        // The same as a comma-separated string, and together with the environment's list; unknown names ignored.
        process.env.REQUIRE_2FA_FOR = "ADMIN";
        await saveSiteOptions({ database: cat.db }, "it", { require2faFor: "manage_users, NOPE" });
        expect((await requiredForSite({ database: cat.db })).sort()).toEqual(["ADMIN", "MANAGE_USERS"]);
      } finally {
        delete process.env.REQUIRE_2FA_FOR;
        await saveSiteOptions({ database: cat.db }, "it", {});
      }
      // (site options are read again after at most 5 s: site.server.ts keeps them that long)
      await new Promise((r) => setTimeout(r, 5_200));
      expect((await login("capo@example.org")).status).toBe(200);
    });

    it("asks for the current password before turning it on; a wrong one starts nothing and counts as a failure", async () => {
      const cookie = await session("rita@example.org");
      const page = await cat.server.fetch("/en/account/security", { headers: { Cookie: cookie } });
      const html = await page.text();
      expect(html).toContain("To turn it on, confirm your current password.");
      expect(html).toContain('name="currentPassword"');
      const pending = async () =>
        (
          await cat.db.rows<{ p: boolean }>(sql`select totp_pending_secret is not null as p from users where email = 'rita@example.org'`)
        )[0]!.p;
      // (the test's client is 127.0.0.1: the limits count per account and client, decision 081)
      const failures = () => failedAttempts({ database: cat.db }, { email: "rita@example.org", address: "127.0.0.1" });
      const before = await failures();
      for (const currentPassword of [undefined, "Wrong-password1"]) {
        const res = await form("/en/account/security", cookie, { intent: "begin", ...(currentPassword ? { currentPassword } : {}) });
        expect(res.status).toBe(400);
        expect(await res.text()).toContain("The current password is not correct.");
        expect(await pending()).toBe(false);
      }
      expect(await failures()).toBe(before + 2);
      const ok = await form("/en/account/security", cookie, { intent: "begin", currentPassword: PASSWORD });
      expect(ok.status).toBe(200);
      // the right password forgets this client's failures on the account
      expect(await failures()).toBe(0);
      expect(await ok.text()).toMatch(/<img class="totp-setup__qr" src="data:image\/png;base64,/);
      expect(await pending()).toBe(true);
    });

    it("a Manager resets a user's two-step verification from /settings/users, audited with readable labels", async () => {
      await turnOn("tina@example.org");
      const tina = ids["tina@example.org"]!;
      expect((await login("tina@example.org")).status).toBe(202);
      const manager = await session("capo@example.org");
      const list = await (await cat.server.fetch("/en/settings/users?q=tina", { headers: { Cookie: manager } })).text();
      expect(list).toContain("Reset two-step verification");
      const res = await form("/en/settings/users", manager, { intent: "totp-reset", id: tina, back: "q=tina" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/en/settings/users?q=tina&done=users.done.totpReset");
      const done = await (await cat.server.fetch(res.headers.get("location")!, { headers: { Cookie: manager } })).text();
      expect(done).toContain("Two-step verification reset: the user signs in with the password alone");
      const [row] = await cat.db.rows<{ secret: string | null; codes: number }>(
        sql`select totp_secret as secret, (select count(*)::int from recovery_codes where user_id = ${tina}) as codes from users where id = ${tina}`,
      );
      expect(row).toEqual({ secret: null, codes: 0 });
      expect((await login("tina@example.org")).status).toBe(200);
      const [a] = await cat.db.rows<{ actor_id: string; detail: { wasOn: boolean } }>(
        sql`select actor_id, detail from audit_log where event = 'totp_reset' and subject_id = ${tina}`,
      );
      expect(a).toEqual({ actor_id: ids["capo@example.org"], detail: { wasOn: true } });
      // The audit tab reads the events in three languages.
      for (const [prefix, label] of [
        ["", "Verifica in due passaggi azzerata da un gestore"],
        ["/en", "Two-step verification reset by a manager"],
        ["/fr", "Validation en deux étapes réinitialisée par un gestionnaire"],
      ] as const) {
        const audit = await (
          await cat.server.fetch(`${prefix}/settings/users?tab=audit&event=totp_reset`, { headers: { Cookie: manager } })
        ).text();
        expect(audit).toContain(label);
      }
      const enabled = await (await cat.server.fetch(`/en/settings/users?tab=audit&user=${tina}`, { headers: { Cookie: manager } })).text();
      expect(enabled).toContain("Two-step verification turned on");
      expect(enabled).toContain("Password right, second step due");
      expect(enabled).toContain("Sign-in");
    });

    it("refuses the reset to others: oneself, an SSO account, an Amministratore for a Manager, and without MANAGE_USERS", async () => {
      const viewer = (email: string, level: number) => ({
        kind: "user" as const,
        userId: ids[email]!,
        level,
        roles: [],
        accessLevels: [1],
      });
      const ctx = (email: string, level: number) => ({ database: cat.db, viewer: viewer(email, level) as never, address: "test" });
      const code = async (p: Promise<unknown>) =>
        p.then(
          () => "ok",
          (e: unknown) => (e instanceof UsersError ? e.code : isRefusal(e) ? `refused ${e.status}` : String(e)),
        );
      await turnOn("admin2@example.org");
      expect(await code(resetUserTotp(ctx("capo@example.org", 32), ids["capo@example.org"]!))).toBe("self");
      expect(await code(resetUserTotp(ctx("capo@example.org", 32), ids["sara@example.org"]!))).toBe("sso");
      expect(await code(resetUserTotp(ctx("capo@example.org", 32), ids["admin2@example.org"]!))).toBe("adminOnly");
      expect(await code(resetUserTotp(ctx("rita@example.org", 2), ids["tina@example.org"]!))).toBe("refused 404");
      expect(await code(resetUserTotp(ctx("ada@example.org", 64), ids["admin2@example.org"]!))).toBe("ok");
      // Over HTTP: a Ricercatore gets the 404 page, a visitor the login page; nothing changes.
      await turnOn("tina@example.org");
      const rita = await session("rita@example.org");
      expect((await form("/en/settings/users", rita, { intent: "totp-reset", id: ids["tina@example.org"]! })).status).toBe(404);
      expect((await form("/en/settings/users", "", { intent: "totp-reset", id: ids["tina@example.org"]! })).status).toBe(302);
      const manager = await session("capo@example.org");
      expect((await form("/en/settings/users", manager, { intent: "totp-reset", id: ids["admin2@example.org"]! })).status).toBe(403);
      const [row] = await cat.db.rows<{ on: boolean }>(
        sql`select totp_secret is not null as on from users where email = 'tina@example.org'`,
      );
      expect(row!.on).toBe(true);
    });

    it("shows the menu's two-step verification link and the popup's SSO option", async () => {
      const rita = await session("rita@example.org");
      const home = await (await cat.server.fetch("/en/cerca", { headers: { Cookie: rita } })).text();
      expect(home).toContain('href="/en/account/security"');
      expect(home).toContain("Two-step verification");
      // Visitors: the root data carries the popup's options (SSO label when OIDC is configured).
      Object.assign(process.env, { OIDC_ISSUER: "http://127.0.0.1:9", OIDC_CLIENT_ID: "teca", OIDC_LABEL: "Archivio ID" });
      // (other searches than the one above: a visitor's catalogue page is kept a few seconds, and the
      // configuration changes here without a restart)
      const visitor = await (await cat.server.fetch("/en/cerca?q=oidc-on")).text();
      expect(visitor).toContain("Archivio ID");
      delete process.env.OIDC_ISSUER;
      expect(await (await cat.server.fetch("/en/cerca?q=oidc-off")).text()).not.toContain("Archivio ID");
    });

    it("keeps it on for a role that requires it: no form to turn it off, and the post is refused", async () => {
      const cookie = await session("ada@example.org");
      await turnOn("ada@example.org");
      const on = async () =>
        (await cat.db.rows<{ on: boolean }>(sql`select totp_secret is not null as on from users where email = 'ada@example.org'`))[0]!.on;
      process.env.REQUIRE_2FA_FOR = "ADMIN";
      try {
        const page = await (await cat.server.fetch("/en/account/security", { headers: { Cookie: cookie } })).text();
        expect(page).toContain("Your role requires two-step verification: it cannot be turned off.");
        expect(page).not.toContain('value="disable"');
        const res = await form("/en/account/security", cookie, { intent: "disable", code: "000000" });
        expect(res.status).toBe(409);
        expect(await res.text()).toContain("Your role requires two-step verification: it cannot be turned off.");
        expect(await on()).toBe(true);
      } finally {
        delete process.env.REQUIRE_2FA_FOR;
      }
      const page = await (await cat.server.fetch("/en/account/security", { headers: { Cookie: cookie } })).text();
      expect(page).toContain('value="disable"');
    });
  });
}
