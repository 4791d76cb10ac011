import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "./db";

/**
 * The process's caches of catalogue data (facets, synonyms, the home page's
 * sample pool) register how to forget a database's entries; an import calls
 * catalogueChanged, and every one of them is cleared at once — in this
 * process, and, on PostgreSQL, in every other process serving the catalogue
 * (a NOTIFY each of them hears through watchCatalogue).
 */
type Registry = { clearers: Set<(database: object) => void>; senders: WeakMap<object, string> };
/**
 * One registry per process, whichever copy of this module asks: the server (run from source) and the built
 * app bundle each hold their own copy of the modules, and the caches live in the bundle's.
 */
const registry: Registry = ((globalThis as Record<symbol, Registry>)[Symbol.for("teca.caches")] ??= {
  clearers: new Set(),
  senders: new WeakMap(),
});
const { clearers } = registry;
const CHANNEL = "teca_catalogue";
/** Who sent a notification: a process hears its own too, and has already cleared. */
const senders = registry.senders;
const senderOf = (database: object) => {
  let id = senders.get(database);
  if (!id) senders.set(database, (id = crypto.randomUUID()));
  return id;
};

export function registerCache(clear: (database: object) => void) {
  clearers.add(clear);
}

function clearHere(database: object) {
  for (const clear of clearers) clear(database);
}

export function catalogueChanged(database: object) {
  clearHere(database);
  const d = database as Partial<Database>;
  if (d.kind === "postgres" && d.rows)
    void d.rows(sql`select pg_notify(${CHANNEL}, ${senderOf(database)})`).catch(() => undefined);
}

/** Clears this process's caches of `database` when another process changes the catalogue. Answers a stop function. */
export async function watchCatalogue(database: Database): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {};
  const self = senderOf(database);
  return database.listen(CHANNEL, (payload) => {
    if (payload !== self) clearHere(database);
  });
}
