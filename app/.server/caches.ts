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
type Registry = { clearers: Set<(database: object) => void>; pages?: Set<() => void>; senders: WeakMap<object, string> };
/**
 * One registry per process, whichever copy of this module asks: the server (run from source) and the built
 * app bundle each hold their own copy of the modules, and the caches live in the bundle's.
 */
const registry: Registry = ((globalThis as Record<symbol, Registry>)[Symbol.for("teca.caches")] ??= {
  clearers: new Set(),
  senders: new WeakMap(),
});
const { clearers } = registry;
/** The stores of whole pages (server/http-cache.ts): cleared by a catalogue change and by pagesChanged. */
const pageStores = (registry.pages ??= new Set());
const CHANNEL = "teca_catalogue";
/** The payload of a notification that only pages changed (a signed-in user's write), before the sender. */
const PAGES = "pages:";
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

/** A store of whole pages: forgotten on every change of the catalogue and on every pagesChanged. */
export function registerPages(clear: () => void) {
  pageStores.add(clear);
  clearers.add(clear);
}

function clearHere(database: object) {
  // The read replica's entries too (db.ts `replica`): they hold the same catalogue.
  const replica = (database as Partial<Database>).replica;
  for (const clear of clearers) {
    clear(database);
    if (replica) clear(replica);
  }
}

export function catalogueChanged(database: object) {
  clearHere(database);
  const d = database as Partial<Database>;
  if (d.kind === "postgres" && d.rows) void d.rows(sql`select pg_notify(${CHANNEL}, ${senderOf(database)})`).catch(() => undefined);
}

const clearPages = () =>
  pageStores.forEach((clear) => {
    clear();
  });

/**
 * A signed-in user's write may change what visitors see (a story unpublished, a record made restricted, an
 * annotation approved): the whole pages kept for visitors are forgotten — in this process and, on
 * PostgreSQL, in every other one — while the catalogue's caches (facets, counts) stay.
 */
export function pagesChanged(database: object) {
  clearPages();
  const d = database as Partial<Database>;
  if (d.kind === "postgres" && d.rows) void d.rows(sql`select pg_notify(${CHANNEL}, ${PAGES + senderOf(database)})`).catch(() => undefined);
}

/** Clears this process's caches of `database` when another process changes the catalogue or its pages. Answers a stop function. */
export async function watchCatalogue(database: Database): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {};
  const self = senderOf(database);
  return database.listen(CHANNEL, (payload) => {
    if (payload.startsWith(PAGES)) {
      if (payload.slice(PAGES.length) !== self) clearPages();
    } else if (payload !== self) clearHere(database);
  });
}

/**
 * A value computed from a catalogue (e.g. which media files are public), kept per database: one
 * computation at a time (callers meanwhile wait for it), forgotten when the catalogue changes (the registry
 * above) and, whatever was heard, after `ttlMs` — a process whose LISTEN connection was down misses
 * notifications. A computation overtaken by a change serves the callers that waited for it and is not kept.
 */
export function catalogueValue<T>(load: (database: Database) => Promise<T>, ttlMs: number): (database: Database) => Promise<T> {
  type Entry = { value?: T; at: number; loading?: Promise<T>; generation: number };
  const entries = new WeakMap<object, Entry>();
  registerCache((database) => {
    const e = entries.get(database);
    if (e) entries.set(database, { generation: e.generation + 1, at: 0 });
  });
  return (database) => {
    let e = entries.get(database);
    if (!e || (e.value !== undefined && !e.loading && Date.now() - e.at > ttlMs))
      entries.set(database, (e = { generation: (e?.generation ?? 0) + 1, at: 0 }));
    if (e.value !== undefined) return Promise.resolve(e.value);
    if (e.loading) return e.loading;
    const entry = e;
    const generation = e.generation;
    entry.loading = load(database).then(
      (value) => {
        const now = entries.get(database);
        if (now === entry && now.generation === generation) {
          now.value = value;
          now.at = Date.now();
        }
        entry.loading = undefined;
        return value;
      },
      (err) => {
        entry.loading = undefined;
        throw err;
      },
    );
    return entry.loading;
  };
}
