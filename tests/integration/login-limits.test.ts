import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createUser, signIn } from "../../app/features/accounts/accounts.server";
import { accountKey, clearFailures, failedAttempts } from "../../app/features/accounts/limits.server";
import { changeOwnPassword } from "../../app/features/accounts/reset.server";
import { testDatabases, type TestDb } from "../setup/db";

/**
 * Sign-in limits (issue 29 §3, decision 081) on the services, on every test database: a stranger's failures
 * never refuse the owner's right password from the owner's own client; one client still cannot spray many
 * accounts; attempts are counted before the password is checked, so parallel ones cannot pass the limit.
 */

const PASSWORD = "Giusta-password1";
const OWNER = "titolare@example.org";
const STRANGER = "10.0.0.66";
const HOME = "192.0.2.10";
const saved = { ...process.env };

for (const target of testDatabases()) {
  describe(`sign-in limits on ${target.name}`, () => {
    let db: Awaited<ReturnType<TestDb["open"]>>;
    let ownerId = "";
    const attempt = (address: string, password: string, email = OWNER) =>
      signIn({ database: db }, { email, password, address, userAgent: "test" });
    const events = async (event: string) =>
      (await db.rows<{ n: number }>(sql`select count(*)::int as n from audit_log where event = ${event}`))[0]!.n;

    beforeAll(async () => {
      db = await target.open();
      ownerId = (
        await createUser(
          { database: db },
          { email: OWNER, roles: ["Amministratore"], password: PASSWORD },
          { userId: null, address: "test" },
        )
      ).id;
      for (let i = 0; i < 3; i++)
        await createUser(
          { database: db },
          { email: `altro${i}@example.org`, roles: ["Ricercatore"], password: PASSWORD },
          { userId: null, address: "test" },
        );
    });
    afterEach(async () => {
      process.env = { ...saved };
      await db.rows(sql`delete from rate_limits`);
      await db.rows(sql`delete from audit_log`);
    });
    afterAll(async () => {
      await db?.drop();
    });

    it("a stranger's failures from one client never refuse the owner's right password from another", async () => {
      for (let i = 0; i < 10; i++) expect((await attempt(STRANGER, `Sbagliata-${i}`)).status).toBe("failed");
      // the stranger's client is held for the window, the right password included…
      const held = await attempt(STRANGER, PASSWORD);
      expect(held.status).toBe("limited");
      expect(held.status === "limited" && held.retryAfter).toBeGreaterThan(880);
      expect(held.status === "limited" && held.retryAfter).toBeLessThanOrEqual(900);
      // …and the owner, at home, signs in at once, again and again
      for (let i = 0; i < 3; i++) expect((await attempt(HOME, PASSWORD)).status).toBe("ok");
      expect(await failedAttempts({ database: db }, { email: OWNER, address: STRANGER })).toBeGreaterThanOrEqual(10);
      expect(await failedAttempts({ database: db }, { email: OWNER, address: HOME })).toBe(0);
      // the address is the same account regardless of case and spaces
      expect((await attempt(STRANGER, PASSWORD, ` ${OWNER.toUpperCase()} `)).status).toBe("limited");
    });

    it("a success forgets this client's failures on the account, not another client's", async () => {
      process.env.LOGIN_MAX_FAILURES_ACCOUNT = "3";
      for (const address of [STRANGER, HOME])
        for (let i = 0; i < 2; i++) expect((await attempt(address, "Sbagliata-1")).status).toBe("failed");
      expect((await attempt(HOME, PASSWORD)).status).toBe("ok");
      expect(await failedAttempts({ database: db }, { email: OWNER, address: HOME })).toBe(0);
      expect(await failedAttempts({ database: db }, { email: OWNER, address: STRANGER })).toBe(2);
      expect((await attempt(STRANGER, "Sbagliata-2")).status).toBe("failed");
      expect((await attempt(STRANGER, PASSWORD)).status).toBe("limited");
      // a reset (or a single sign-on) forgets them from every client
      await clearFailures({ database: db }, accountKey(OWNER));
      expect(await failedAttempts({ database: db }, { email: OWNER, address: STRANGER })).toBe(0);
      expect((await attempt(STRANGER, PASSWORD)).status).toBe("ok");
    });

    it("keeps a limit per client: one address cannot try many accounts", async () => {
      process.env.LOGIN_MAX_FAILURES_ADDRESS = "4";
      for (let i = 0; i < 4; i++) expect((await attempt(STRANGER, "Sbagliata-1", `ignoto${i}@example.org`)).status).toBe("failed");
      const sprayed = await attempt(STRANGER, PASSWORD, "altro0@example.org");
      expect(sprayed.status).toBe("limited");
      expect(sprayed.status === "limited" && sprayed.retryAfter).toBeGreaterThan(880);
      // refused attempts were not counted for that account, and other clients are untouched
      expect(await failedAttempts({ database: db }, { email: "altro0@example.org", address: STRANGER })).toBe(0);
      expect((await attempt(HOME, PASSWORD, "altro0@example.org")).status).toBe("ok");
      // a right password gives its attempt back: an owner signing in often is never counted
      process.env.LOGIN_MAX_FAILURES_ADDRESS = "2";
      for (let i = 0; i < 5; i++) expect((await attempt(HOME, PASSWORD, "altro1@example.org")).status).toBe("ok");
    });

    it("counts a whole IPv6 /64 as one client, and an IPv4-mapped address as its IPv4", async () => {
      process.env.LOGIN_MAX_FAILURES_ACCOUNT = "2";
      expect((await attempt("2001:db8:1:2::1", "Sbagliata-1")).status).toBe("failed");
      expect((await attempt("2001:db8:1:2:ffff::9", "Sbagliata-1")).status).toBe("failed");
      expect((await attempt("2001:0db8:0001:0002:abcd::1", PASSWORD)).status).toBe("limited");
      expect((await attempt("2001:db8:1:3::1", PASSWORD)).status).toBe("ok");
      for (let i = 0; i < 2; i++) expect((await attempt("::ffff:198.51.100.4", "Sbagliata-1")).status).toBe("failed");
      expect((await attempt("198.51.100.4", PASSWORD)).status).toBe("limited");
    });

    it("20 parallel wrong attempts against a limit of 10 check at most 10 passwords", async () => {
      const tries = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(STRANGER, `Sbagliata-${i}`)));
      const statuses = tries.map((t) => t.status);
      expect(statuses.filter((s) => s === "failed")).toHaveLength(10);
      expect(statuses.filter((s) => s === "limited")).toHaveLength(10);
      // a password is checked only after the attempt is counted: one login_failed row per check
      expect(await events("login_failed")).toBe(10);
      expect(await events("login_limited")).toBe(10);
      // the same for one client spraying 20 accounts in parallel against a client limit of 10
      await db.rows(sql`delete from rate_limits`);
      await db.rows(sql`delete from audit_log`);
      process.env.LOGIN_MAX_FAILURES_ADDRESS = "10";
      const sprayed = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(STRANGER, "Sbagliata-1", `nessuno${i}@example.org`)));
      expect(sprayed.filter((t) => t.status === "failed")).toHaveLength(10);
      expect(await events("login_failed")).toBe(10);
      // and the owner is not held by any of it
      expect((await attempt(HOME, PASSWORD)).status).toBe("ok");
    });

    it("lets the right password through again once the window has passed", async () => {
      process.env.LOGIN_MAX_FAILURES_ACCOUNT = "2";
      for (let i = 0; i < 2; i++) await attempt(STRANGER, "Sbagliata-1");
      expect((await attempt(STRANGER, PASSWORD)).status).toBe("limited");
      await db.rows(sql`update rate_limits set expire = now() - interval '1 second'`);
      expect((await attempt(STRANGER, PASSWORD)).status).toBe("ok");
      // counters whose window ended are swept (at most once a minute, by the next attempt counted)
      const [left] = await db.rows<{ n: number }>(sql`select count(*)::int as n from rate_limits where expire < now()`);
      expect(left!.n).toBeLessThanOrEqual(2);
    });

    it("a wrong current password at a password change counts like a failed sign-in; a refused new one does not", async () => {
      process.env.LOGIN_MAX_FAILURES_ACCOUNT = "2";
      const change = (current: string, password = "Nuova-parola-9") =>
        changeOwnPassword(
          { database: db },
          { userId: ownerId, current, password, confirmation: password, address: STRANGER, userAgent: "test" },
        );
      expect((await change(PASSWORD, "corta")).status).toBe("invalid");
      expect(await failedAttempts({ database: db }, { email: OWNER, address: STRANGER })).toBe(0);
      for (let i = 0; i < 2; i++) expect((await change("Sbagliata-1")).status).toBe("wrong");
      const held = await change(PASSWORD);
      expect(held.status).toBe("limited");
      expect(held.status === "limited" && held.retryAfter).toBeGreaterThan(880);
      // the same account's sign-in from that client is held too, not from the owner's
      expect((await attempt(STRANGER, PASSWORD)).status).toBe("limited");
      expect((await attempt(HOME, PASSWORD)).status).toBe("ok");
    });

    it("stores no e-mail nor client address in its counters", async () => {
      await attempt(STRANGER, "Sbagliata-1");
      const rows = await db.rows<{ key: string }>(sql`select key from rate_limits`);
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const { key } of rows) {
        expect(key).toMatch(/^login-(pair|client):[0-9a-f.]+$/);
        expect(key).not.toContain("titolare");
        expect(key).not.toContain(STRANGER);
      }
    });
  });
}
