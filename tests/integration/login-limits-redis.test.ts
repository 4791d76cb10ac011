import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../app/.server/db";
import { openMemoryDatabase } from "../setup/db";
import { createUser, signIn } from "../../app/features/accounts/accounts.server";
import { accountKey, clearFailures, failedAttempts } from "../../app/features/accounts/limits.server";
import { closeRedis, redisClient } from "../../app/.server/redis";

/**
 * Sign-in limits shared through Redis (issue 13 §5, decision 081): with REDIS_URL set, attempts counted by one
 * process are seen by every other at once. Two catalogues that share nothing but the Redis server stand for
 * two processes here: what one counts for a client, the other refuses to that client — never to the owner's
 * own client. Redis away: the database counts, nothing is let through. Runs where TEST_REDIS_URL names a
 * Redis server (.ci/run sets it).
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("sign-in limits through Redis", () => {
  let a: Database;
  let b: Database;
  const saved = { ...process.env };
  const email = "limits@example.org";
  const password = "Giusta-password1";
  const STRANGER = "10.0.0.1";
  const OWNER = "10.0.0.9";
  const attempt = (db: Database, pw: string, address = STRANGER) =>
    signIn({ database: db }, { email, password: pw, address, userAgent: "test" });
  const failedEvents = async (db: Database) =>
    (await db.rows<{ n: number }>(sql`select count(*)::int as n from audit_log where event = 'login_failed'`))[0]!.n;

  beforeAll(async () => {
    [a, b] = await Promise.all([openMemoryDatabase(), openMemoryDatabase()]);
    for (const db of [a, b])
      await createUser({ database: db }, { email, roles: ["Ricercatore"], password }, { userId: null, address: "test" });
  });
  afterEach(async () => {
    await closeRedis();
    process.env = { ...saved };
    for (const db of [a, b]) {
      await db.rows(sql`delete from rate_limits`);
      await db.rows(sql`delete from audit_log`);
    }
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  const setRedisEnv = (url: string) => {
    process.env.REDIS_URL = url;
    process.env.REDIS_PREFIX = `teca-test-${crypto.randomBytes(4).toString("hex")}:`;
    process.env.LOGIN_MAX_FAILURES_ACCOUNT = "3";
    process.env.LOGIN_MAX_FAILURES_ADDRESS = "50";
  };
  const dropKeys = async () => {
    const keys = await redisClient()!.keys(`${process.env.REDIS_PREFIX}*`);
    if (keys.length) await redisClient()!.del(...keys);
  };

  it("failures counted by one process hold that client in the other, never the owner's client", async () => {
    setRedisEnv(redisUrl!);
    for (let i = 0; i < 3; i++) expect((await attempt(a, "sbagliata")).status).toBe("failed");
    const limited = await attempt(b, password);
    expect(limited.status).toBe("limited");
    expect(limited.status === "limited" && limited.retryAfter).toBeGreaterThan(800);
    expect((await attempt(a, password)).status).toBe("limited");
    // the owner, from their own client, signs in through either process
    expect((await attempt(b, password, OWNER)).status).toBe("ok");
    expect((await attempt(a, password, OWNER)).status).toBe("ok");
    // nothing of it was counted in the databases
    for (const db of [a, b]) expect((await db.rows(sql`select key from rate_limits`)).length).toBe(0);
    // the client limit counts across processes too (3 failures so far from that client)
    process.env.LOGIN_MAX_FAILURES_ADDRESS = "4";
    expect((await signIn({ database: b }, { email: "nobody@example.org", password: "x", address: STRANGER, userAgent: "t" })).status).toBe(
      "failed",
    );
    expect((await signIn({ database: a }, { email: "other@example.org", password: "x", address: STRANGER, userAgent: "t" })).status).toBe(
      "limited",
    );
    process.env.LOGIN_MAX_FAILURES_ADDRESS = "50";
    // forgetting the account's failures (a reset, a single sign-on) finds them in Redis from every client
    expect((await attempt(b, "sbagliata", OWNER)).status).toBe("failed");
    await clearFailures({ database: a }, accountKey(email));
    expect(await failedAttempts({ database: b }, { email, address: STRANGER })).toBe(0);
    expect(await failedAttempts({ database: b }, { email, address: OWNER })).toBe(0);
    expect((await attempt(b, password)).status).toBe("ok");
    await dropKeys();
  });

  it("20 parallel wrong attempts through two processes against a limit of 10 check at most 10 passwords", async () => {
    setRedisEnv(redisUrl!);
    process.env.LOGIN_MAX_FAILURES_ACCOUNT = "10";
    const tries = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i % 2 ? a : b, `sbagliata-${i}`)));
    expect(tries.filter((t) => t.status === "failed")).toHaveLength(10);
    expect(tries.filter((t) => t.status === "limited")).toHaveLength(10);
    expect((await failedEvents(a)) + (await failedEvents(b))).toBe(10);
    await dropKeys();
  });

  it("keys in Redis do not carry the e-mail address nor the client's", async () => {
    setRedisEnv(redisUrl!);
    await attempt(a, "sbagliata");
    const keys = await redisClient()!.keys(`${process.env.REDIS_PREFIX}*`);
    expect(keys.length).toBe(2);
    for (const k of keys) expect(k).not.toMatch(/@|limits|10\.0\.0\.1/);
    await dropKeys();
  });

  it("Redis away: the database counts in each process, nothing is let through and nothing fails", async () => {
    setRedisEnv("redis://127.0.0.1:1");
    for (let i = 0; i < 3; i++) expect((await attempt(a, "sbagliata", "10.0.0.2")).status).toBe("failed");
    expect((await attempt(a, password, "10.0.0.2")).status).toBe("limited");
    expect((await a.rows(sql`select key from rate_limits`)).length).toBeGreaterThan(0);
    // the owner's client is not held; the other catalogue's database has not seen the failures
    expect((await attempt(a, password, OWNER)).status).toBe("ok");
    expect((await attempt(b, password, "10.0.0.2")).status).toBe("ok");
  });
});
