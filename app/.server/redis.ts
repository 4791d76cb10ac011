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

/**
 * Waits, at most `ms`, for a client still making its first connection (a process's first use of it): a
 * command sent before would be refused at once and counted elsewhere. A client that lost Redis is not waited
 * for — its callers fall back at once.
 */
export async function redisSettled(client: Redis, ms = 1000) {
  if (!["wait", "connecting", "connect"].includes(client.status)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off("ready", done).off("error", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.once("ready", done).once("error", done);
  });
}
