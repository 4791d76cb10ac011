import crypto from "node:crypto";
import { Redis } from "ioredis";
import { logger } from "./logger";

/**
 * The optional Redis server (`REDIS_URL`): what several server processes must count together when they
 * should not ask the database for it (the sign-in limits). One client per URL per process, connected on
 * first use; a command fails fast (no queue) while Redis is away, and its callers then fall back to the
 * database.
 */
const clients = new Map<string, Redis>();

export function redisClient(url = process.env.REDIS_URL): Redis | null {
  if (!url) return null;
  let client = clients.get(url);
  if (!client) {
    client = new Redis(url, { lazyConnect: false, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    let warned = false;
    client.on("error", (err: Error) => {
      if (!warned) logger.warn({ err: err.message }, "Redis is not answering: sign-in limits are counted in the database meanwhile");
      warned = true;
    });
    client.on("ready", () => (warned = false));
    clients.set(url, client);
  }
  return client;
}

/** Closes every client (tests; a graceful stop). */
export async function closeRedis() {
  await Promise.all([...clients.values()].map((c) => c.quit().catch(() => c.disconnect())));
  clients.clear();
}

/** A key of this site (`REDIS_PREFIX`, default `teca:`) that says nothing of what it counts (e-mail addresses are hashed). */
export function redisKey(kind: string, key: string) {
  return `${process.env.REDIS_PREFIX ?? "teca:"}${kind}:${crypto.createHash("sha256").update(key).digest("hex").slice(0, 40)}`;
}
