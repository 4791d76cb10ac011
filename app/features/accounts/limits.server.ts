import crypto from "node:crypto";
import { isIPv6 } from "node:net";
import { eq, like, lt } from "drizzle-orm";
import type { Redis } from "ioredis";
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { rateLimits } from "../../../db/schema";
import type { Database } from "~/.server/db";
import type { ServiceContext } from "~/.server/context";
import { logger } from "~/.server/logger";
import { redisClient, redisSettled } from "~/.server/redis";

/**
 * The sign-in limits and the reset limits (decision 081, docs/accounts.md), counted by rate-limiter-flexible:
 * in Redis when `REDIS_URL` is set (every process of every machine at once), else — and whenever Redis does not
 * answer — in the database (`rate_limits`, PGlite or PostgreSQL). An attempt is counted before the secret is
 * checked, in one atomic step of the store, so parallel attempts cannot pass the limit; a right one gives its
 * attempt back.
 */

// ── Limits ────────────────────────────────────────────────────────────────────────────────────────────

export type LoginLimits = { windowMs: number; perAccount: number; perAddress: number };

/**
 * In LOGIN_WINDOW_MINUTES (default 15): LOGIN_MAX_FAILURES_ACCOUNT (default 10) failed attempts on one
 * account from one client, LOGIN_MAX_FAILURES_ADDRESS (default 50) from one client on any accounts.
 */
export function loginLimits(env: NodeJS.ProcessEnv = process.env): LoginLimits {
  const num = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d);
  return {
    windowMs: num(env.LOGIN_WINDOW_MINUTES, 15) * 60_000,
    perAccount: num(env.LOGIN_MAX_FAILURES_ACCOUNT, 10),
    perAddress: num(env.LOGIN_MAX_FAILURES_ADDRESS, 50),
  };
}

/** One counter: its name (the keys' prefix), the attempts allowed and the window they are counted in. */
export type Limit = { name: string; points: number; windowMs: number };

const PAIR = "login-pair";
const CLIENT = "login-client";

// ── Keys ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The client a limit counts: an IPv4 address, or the /64 network of an IPv6 one (one subscriber's line or
 * host gets a whole /64: counting its addresses one by one would give it 2^64 fresh counters).
 */
export function clientNetwork(address: string): string {
  const a = address.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  if (mapped) return mapped[1]!;
  if (!isIPv6(a)) return a;
  const groupsOf = (part: string) => (part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const [head = "", tail] = a.split("::");
  const first = groupsOf(head);
  const last = tail === undefined ? [] : groupsOf(tail);
  const groups = [...first, ...Array<string>(Math.max(0, 8 - first.length - last.length)).fill("0"), ...last];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

const digest = (value: string) => crypto.createHash("sha256").update(value).digest("hex").slice(0, 32);

/** The account part of a key: the e-mail address as typed, regardless of case (hashed). */
export const accountKey = (email: string) => digest(email.trim().toLowerCase());

/** The client part of a key (hashed). */
const clientKey = (address: string) => digest(clientNetwork(address));

export type Attempt = { email: string; address: string };

const pairKey = (who: Attempt) => `${accountKey(who.email)}.${clientKey(who.address)}`;

// ── Stores ────────────────────────────────────────────────────────────────────────────────────────────

const limiters = new WeakMap<Database, Map<string, RateLimiterAbstract>>();
const redisIds = new WeakMap<Redis, number>();
let redisCount = 0;
const redisIdOf = (redis: Redis) => redisIds.get(redis) ?? (redisIds.set(redis, ++redisCount), redisCount);

const redisPrefix = () => process.env.REDIS_PREFIX ?? "teca:";

/**
 * The limiter of `limit` for this database: rate-limiter-flexible's Redis store with the database's as its
 * insurance (used while Redis does not answer), or the database's alone. Kept per database, Redis client and
 * settings (the store's Lua script is registered once per client).
 */
function limiterOf(database: Database, limit: Limit): RateLimiterAbstract {
  const redis = redisClient();
  const id = [limit.name, limit.points, limit.windowMs, redis ? `${redisIdOf(redis)}:${redisPrefix()}` : "db"].join("|");
  let mine = limiters.get(database);
  if (!mine) limiters.set(database, (mine = new Map()));
  let limiter = mine.get(id);
  if (limiter) return limiter;
  const duration = Math.max(1, Math.round(limit.windowMs / 1000));
  // The store's own sweep is a timer per limiter that would hold a closed database; `sweep` below does it.
  const inDatabase = new RateLimiterDrizzle({
    storeClient: database.db,
    schema: rateLimits,
    keyPrefix: limit.name,
    points: limit.points,
    duration,
    clearExpiredByTimeout: false,
  });
  limiter = redis
    ? new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${redisPrefix()}${limit.name}`,
        points: limit.points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: inDatabase,
      })
    : inDatabase;
  mine.set(id, limiter);
  return limiter;
}

const swept = new WeakMap<Database, number>();

/** Deletes the database's counters whose window has ended, at most once a minute per process. */
async function sweep(database: Database) {
  const last = swept.get(database) ?? 0;
  if (Date.now() - last < 60_000) return;
  swept.set(database, Date.now());
  await database.db.delete(rateLimits).where(lt(rateLimits.expire, new Date()));
}

/**
 * Counts one attempt under `key`; answers 0 when it is within the limit, else the seconds until the window
 * ends. The count and the comparison are one step of the store (an upsert; a Lua script in Redis).
 */
async function consumeLimit(database: Database, limit: Limit, key: string): Promise<number> {
  const redis = redisClient();
  if (redis) await redisSettled(redis);
  try {
    await limiterOf(database, limit).consume(key);
  } catch (res) {
    if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw res;
  }
  await sweep(database);
  return 0;
}

/** Gives one attempt counted under `key` back. */
async function giveBack(database: Database, limit: Limit, key: string) {
  await limiterOf(database, limit).reward(key);
}

/** Forgets a key's count wherever it may be (Redis and, for what was counted while Redis was away, the database). */
async function forget(database: Database, limit: Limit, key: string) {
  const redis = redisClient();
  if (redis) await redis.del(`${redisPrefix()}${limit.name}:${key}`).catch(() => undefined);
  await database.db.delete(rateLimits).where(eq(rateLimits.key, `${limit.name}:${key}`));
}

// ── Sign-in attempts ──────────────────────────────────────────────────────────────────────────────────

const pairLimit = (limits: LoginLimits): Limit => ({ name: PAIR, points: limits.perAccount, windowMs: limits.windowMs });
const clientLimit = (limits: LoginLimits): Limit => ({ name: CLIENT, points: limits.perAddress, windowMs: limits.windowMs });

/**
 * Counts an attempt at an account's secret (a password, a second-step code) before it is checked: once for the
 * account from this client, once for this client on any account. Answers 0 when the attempt may go ahead,
 * else the seconds to wait (nothing stays counted then). Strangers' failures elsewhere never count here: an
 * owner is refused only for what was tried from their own client.
 */
export async function reserveAttempt(ctx: Pick<ServiceContext, "database">, who: Attempt, limits = loginLimits()): Promise<number> {
  const pair = pairKey(who);
  const wait = await consumeLimit(ctx.database, pairLimit(limits), pair);
  if (wait) return wait;
  const clientWait = await consumeLimit(ctx.database, clientLimit(limits), clientKey(who.address));
  if (clientWait) await giveBack(ctx.database, pairLimit(limits), pair);
  return clientWait;
}

/**
 * The secret was right: this client's failures on this account are forgotten and its attempt given back to
 * the client's count (a right password does not wipe what the client tried on other accounts).
 */
export async function attemptSucceeded(ctx: Pick<ServiceContext, "database">, who: Attempt, limits = loginLimits()) {
  await forget(ctx.database, pairLimit(limits), pairKey(who));
  await giveBack(ctx.database, clientLimit(limits), clientKey(who.address));
}

/**
 * The attempt was not a failure, yet proves nothing more: nothing was checked (the request stopped before),
 * or the password was right and a second step is due — whose wrong codes must go on counting, so the
 * account's count from this client is not forgotten.
 */
export async function attemptNotFailed(ctx: Pick<ServiceContext, "database">, who: Attempt, limits = loginLimits()) {
  await giveBack(ctx.database, pairLimit(limits), pairKey(who));
  await giveBack(ctx.database, clientLimit(limits), clientKey(who.address));
}

/** The failed attempts counted on an account from a client in the current window (tests, diagnosis). */
export async function failedAttempts(ctx: Pick<ServiceContext, "database">, who: Attempt, limits = loginLimits()): Promise<number> {
  const redis = redisClient();
  if (redis) await redisSettled(redis);
  const res = await limiterOf(ctx.database, pairLimit(limits)).get(pairKey(who));
  return res ? Math.max(0, res.consumedPoints) : 0;
}

/**
 * Forgets an account's failures from every client (its owner proved it otherwise: a password reset, a single
 * sign-on): `account` is `accountKey(email)`. In Redis the keys are found by their prefix (SCAN), which is
 * rare enough not to matter.
 */
export async function clearFailures(ctx: Pick<ServiceContext, "database">, account: string) {
  const prefix = `${PAIR}:${account}.`;
  const redis = redisClient();
  if (redis) {
    await redisSettled(redis);
    try {
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", `${redisPrefix()}${prefix}*`, "COUNT", 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== "0");
    } catch (err) {
      logger.warn(
        { err: (err as Error).message },
        "sign-in limits: Redis did not answer, its counts of this account stay until they expire",
      );
    }
  }
  await ctx.database.db.delete(rateLimits).where(like(rateLimits.key, `${prefix}%`));
}

// ── Reset requests ────────────────────────────────────────────────────────────────────────────────────

/** A reset request counted for the client that sends it: 0, or the seconds until it may ask again. */
export const consumeResetByClient = (ctx: Pick<ServiceContext, "database">, limit: Omit<Limit, "name">, address: string) =>
  consumeLimit(ctx.database, { ...limit, name: "reset-client" }, clientKey(address));

/** A reset request counted for the address typed: 0, or the seconds until a mail may go to it again. */
export const consumeResetByAccount = (ctx: Pick<ServiceContext, "database">, limit: Omit<Limit, "name">, email: string) =>
  consumeLimit(ctx.database, { ...limit, name: "reset-account" }, accountKey(email));
