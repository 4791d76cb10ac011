import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../app/.server/db";
import { accountKey, clearFailures, createUser, signIn } from "../../app/features/accounts/accounts.server";
import { closeRedis } from "../../app/.server/redis";

/**
 * Sign-in limits shared through Redis (issue 13 §5): with REDIS_URL set, failures counted by one process are
 * seen by every other at once. Two catalogues that share nothing but the Redis server stand for two
 * processes here: what one counts, the other refuses. Redis away: the database counts, nothing is let
 * through. Runs where TEST_REDIS_URL names a Redis server (.ci/run sets it).
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("sign-in limits through Redis", () => {
  let a: Database;
  let b: Database;
  const saved = { ...process.env };
  const email = "limits@example.org";
  const password = "Giusta-password1";
  const attempt = (db: Database, pw: string, address = "10.0.0.1") => signIn(db, { email, password: pw, address, userAgent: "test" });

  beforeAll(async () => {
    [a, b] = await Promise.all([openDatabase({ memory: true }), openDatabase({ memory: true })]);
    for (const db of [a, b]) await createUser(db, { email, roles: ["Ricercatore"], password }, { userId: null, address: "test" });
  });
  afterEach(async () => {
    await closeRedis();
    process.env = { ...saved };
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  const useRedis = (url: string) => {
    process.env.REDIS_URL = url;
    process.env.REDIS_PREFIX = `teca-test-${crypto.randomBytes(4).toString("hex")}:`;
    process.env.LOGIN_MAX_FAILURES_ACCOUNT = "3";
    process.env.LOGIN_MAX_FAILURES_ADDRESS = "50";
  };

  it("failures counted by one process limit the other, for the right password too; a success there clears them", async () => {
    useRedis(redisUrl!);
    for (let i = 0; i < 3; i++) expect((await attempt(a, "sbagliata")).status).toBe("failed");
    const limited = await attempt(b, password);
    expect(limited.status).toBe("limited");
    expect(limited.status === "limited" && limited.retryAfter).toBeGreaterThan(800);
    expect((await attempt(a, password)).status).toBe("limited");
    // the address limit counts across processes too
    process.env.LOGIN_MAX_FAILURES_ADDRESS = "4";
    expect((await signIn(b, { email: "nobody@example.org", password: "x", address: "10.0.0.1", userAgent: "t" })).status).toBe("failed");
    expect((await signIn(a, { email: "other@example.org", password: "x", address: "10.0.0.1", userAgent: "t" })).status).toBe("limited");
    process.env.LOGIN_MAX_FAILURES_ADDRESS = "50";
    await clearFailures(a, accountKey(email));
    expect((await attempt(b, password)).status).toBe("ok");
  });

  it("keys in Redis do not carry the e-mail address", async () => {
    useRedis(redisUrl!);
    await attempt(a, "sbagliata");
    const { redisClient } = await import("../../app/.server/redis");
    const keys = await redisClient()!.keys(`${process.env.REDIS_PREFIX}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(k).not.toMatch(/@|limits|10\.0\.0\.1/);
    await redisClient()!.del(...keys);
  });

  it("Redis away: the database counts in each process, nothing is let through and nothing fails", async () => {
    useRedis("redis://127.0.0.1:1");
    for (let i = 0; i < 3; i++) expect((await attempt(a, "sbagliata", "10.0.0.2")).status).toBe("failed");
    expect((await attempt(a, password, "10.0.0.2")).status).toBe("limited");
    // (the other catalogue's database has not seen them)
    expect((await attempt(b, password, "10.0.0.2")).status).toBe("ok");
  });
});
