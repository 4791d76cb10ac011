import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { generateSync } from "otplib";
import { createUser } from "../../app/features/accounts/accounts.server";
import { beginSetup, confirmSetup, decryptSecret, encryptSecret } from "../../app/features/accounts/totp.server";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeRecord } from "../factories/records";

/** Two-factor sign-in through the real app (decision 046): password, then the code page; no session before. */

const PASSWORD = "Archivio-2026";
const saved = { ...process.env };

describe("TOTP secrets at rest", () => {
  it("are encrypted with the key and cannot be read with another", () => {
    process.env.TOTP_KEY = "a test key of enough length";
    const stored = encryptSecret("JBSWY3DPEHPK3PXP");
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain("JBSWY3DPEHPK3PXP");
    expect(decryptSecret(stored)).toBe("JBSWY3DPEHPK3PXP");
    process.env.TOTP_KEY = "another key of enough length";
    expect(() => decryptSecret(stored)).toThrow();
    process.env.TOTP_KEY = "a test key of enough length";
  });
});

for (const target of testDatabases()) {
  describe(`two-factor sign-in on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    let secret = "";
    let recovery: string[] = [];
    const actor = { userId: null, address: "test" };

    beforeAll(async () => {
      process.env.TOTP_KEY = "a test key of enough length";
      cat = await seededCatalogue(target, [makeRecord({ id: "pub", texts: { it: { label: "Ventaglio pubblico" } } })]);
      const u = await createUser({ database: cat.db }, { email: "tina@example.org", roles: ["Ricercatore"], password: PASSWORD }, actor);
      await createUser({ database: cat.db }, { email: "lento@example.org", roles: ["Ricercatore"], password: PASSWORD }, actor);
      await createUser({ database: cat.db }, { email: "capo@example.org", roles: ["Manager"], password: PASSWORD }, actor);
      ({ secret } = (await beginSetup({ database: cat.db }, u.id, "teca.test"))!);
      expect(await confirmSetup({ database: cat.db }, u.id, "000000", actor)).toBeNull();
      recovery = (await confirmSetup({ database: cat.db }, u.id, generateSync({ secret }), actor))!;
      expect(recovery).toHaveLength(10);
      // on: a new secret cannot replace it in passing (only after turning it off, which takes a code)
      expect(await beginSetup({ database: cat.db }, u.id, "teca.test")).toBeNull();
      await cat.db.rows(sql`update users set totp_pending_secret = totp_secret where id = ${u.id}`);
      expect(await confirmSetup({ database: cat.db }, u.id, generateSync({ secret }), actor)).toBeNull();
      await cat.db.rows(sql`update users set totp_pending_secret = null where id = ${u.id}`);
      // (as if set up a while ago: the code used to confirm the setup is spent for its window)
      await cat.db.rows(sql`update users set totp_last_step = totp_last_step - 2`);
    });
    afterAll(async () => {
      for (const k of ["TOTP_KEY", "REQUIRE_2FA_FOR", "LOGIN_MAX_FAILURES_ACCOUNT"]) if (!(k in saved)) delete process.env[k];
      await cat?.close();
    });

    const origin = () => ({ Origin: cat.server.base });
    const cookieOf = (res: Response, name: string) =>
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${name}=`))
        ?.split(";")[0];
    /** The password step over the JSON API: the half-signed-in cookie, never a session. */
    async function passwordStep(email: string) {
      const res = await cat.server.fetch("/api/public/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...origin() },
        body: JSON.stringify({ email, password: PASSWORD, locale: "en" }),
      });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ secondFactor: { next: "/en/login/2fa" } });
      expect(cookieOf(res, "teca_session")).toBeUndefined();
      return cookieOf(res, "teca_2fa")!;
    }
    const sendCode = (cookie: string, code: string, path = "/en/login/2fa") =>
      cat.server.fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", cookie, ...origin() },
        body: new URLSearchParams({ code, redirect: "/en/cerca" }),
      });

    it("stores the secret encrypted and the recovery codes hashed", async () => {
      const [row] = await cat.db.rows<{ totp_secret: string }>(sql`select totp_secret from users where email = 'tina@example.org'`);
      expect(row!.totp_secret).toMatch(/^v1:/);
      expect(row!.totp_secret).not.toContain(secret);
      const hashes = await cat.db.rows<{ code_hash: string }>(sql`select code_hash from recovery_codes`);
      expect(hashes).toHaveLength(10);
      expect(hashes.some((h) => recovery.some((c) => h.code_hash.includes(c.replace("-", ""))))).toBe(false);
    });

    it("asks for a code after the right password and opens no session before it", async () => {
      const half = await passwordStep("tina@example.org");
      expect((await cat.server.fetch("/api/auth/profile", { headers: { cookie: half } })).status).toBe(401);
      const page = await cat.server.fetch("/en/login/2fa", { headers: { cookie: half } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Enter the 6-digit code shown by your authenticator app.");
      // Without the cookie the page sends the browser back to sign in.
      const none = await cat.server.fetch("/en/login/2fa");
      expect(none.status).toBe(302);
      expect(none.headers.get("location")).toBe("/en/login?msg=totp.expired");
    });

    it("refuses a wrong code, accepts the right one once, and refuses it again in its window", async () => {
      const half = await passwordStep("tina@example.org");
      const wrong = await sendCode(half, "123456" === generateSync({ secret }) ? "654321" : "123456");
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain("The code is not valid or was already used.");
      const code = generateSync({ secret });
      const ok = await sendCode(half, code);
      expect(ok.status).toBe(302);
      expect(ok.headers.get("location")).toBe("/en/cerca");
      const session = cookieOf(ok, "teca_session")!;
      expect(session).toBeTruthy();
      const profile = await cat.server.fetch("/api/auth/profile", { headers: { cookie: session } });
      expect(await profile.json()).toMatchObject({ user: { email: "tina@example.org" } });
      // The half-signed-in cookie is spent.
      expect((await sendCode(half, code)).headers.get("location")).toBe("/en/login?msg=totp.expired&redirect=%2Fen%2Fcerca");
      // The same code, in a new sign-in, is refused (replay within its 30-second window).
      const again = await passwordStep("tina@example.org");
      expect((await sendCode(again, code)).status).toBe(400);
      const [audit] = await cat.db.rows<{ detail: { secondFactor: string } }>(
        sql`select detail from audit_log where event = 'login' and email = 'tina@example.org' order by id desc limit 1`,
      );
      expect(audit!.detail).toEqual({ secondFactor: "totp" });
    });

    it("accepts a recovery code once", async () => {
      const code = recovery[0]!.toLowerCase();
      const first = await sendCode(await passwordStep("tina@example.org"), code);
      expect(first.status).toBe(302);
      expect(cookieOf(first, "teca_session")).toBeTruthy();
      const second = await sendCode(await passwordStep("tina@example.org"), code);
      expect(second.status).toBe(400);
      const [left] = await cat.db.rows<{ n: number }>(sql`select count(*)::int as n from recovery_codes where used_at is null`);
      expect(left!.n).toBe(9);
    });

    it("limits wrong codes with the sign-in limits (429 with Retry-After), across password steps", async () => {
      const u = (await cat.db.rows<{ id: string }>(sql`select id from users where email = 'lento@example.org'`))[0]!;
      const { secret: s2 } = (await beginSetup({ database: cat.db }, u.id, "teca.test"))!;
      await confirmSetup({ database: cat.db }, u.id, generateSync({ secret: s2 }), actor);
      await cat.db.rows(sql`update users set totp_last_step = totp_last_step - 2 where id = ${u.id}`);
      process.env.LOGIN_MAX_FAILURES_ACCOUNT = "3";
      try {
        const half = await passwordStep("lento@example.org");
        const bad = generateSync({ secret: s2 }) === "111111" ? "222222" : "111111";
        for (let i = 0; i < 2; i++) expect((await sendCode(half, bad)).status).toBe(400);
        // the right password again starts a new step but does not forget the wrong codes (decision 081)
        const again = await passwordStep("lento@example.org");
        expect((await sendCode(again, bad)).status).toBe(400);
        const limited = await sendCode(again, generateSync({ secret: s2 }));
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(cookieOf(limited, "teca_session")).toBeUndefined();
      } finally {
        delete process.env.LOGIN_MAX_FAILURES_ACCOUNT;
        await cat.db.rows(sql`delete from rate_limits`);
      }
    });

    it("makes a Manager set it up at sign-in when REQUIRE_2FA_FOR names MANAGE_USERS", async () => {
      process.env.REQUIRE_2FA_FOR = "MANAGE_USERS,ADMIN";
      try {
        const half = await passwordStep("capo@example.org");
        const page = await (await cat.server.fetch("/en/login/2fa", { headers: { cookie: half } })).text();
        expect(page).toContain("Your role requires two-step verification.");
        expect(page).toMatch(/<img class="totp-setup__qr" src="data:image\/png;base64,/);
        const typed = /class="totp-setup__secret">([A-Z2-7 ]+)</.exec(page)![1]!.replace(/ /g, "");
        const res = await sendCode(half, generateSync({ secret: typed }));
        expect([res.status, res.headers.get("location")]).toEqual([200, null]);
        const html = await res.text();
        expect(html).toContain("Recovery codes");
        expect(html.match(/<li><code>[A-Z2-9]{5}-[A-Z2-9]{5}<\/code><\/li>/g)).toHaveLength(10);
        expect(cookieOf(res, "teca_session")).toBeTruthy();
        // Tina, a Ricercatore, is not concerned; her TOTP stays as she chose.
        const [row] = await cat.db.rows<{ on: boolean }>(
          sql`select totp_secret is not null as on from users where email = 'capo@example.org'`,
        );
        expect(row!.on).toBe(true);
      } finally {
        delete process.env.REQUIRE_2FA_FOR;
      }
    });
  });
}
