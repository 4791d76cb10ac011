import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";
import * as schema from "../../db/schema";
import { acquireLock } from "./db-lock";
import { root } from "./root";
import { isDatabaseUnavailable } from "./db-errors";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL and returns its rows. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /**
   * Calls `fn` with the payload of every NOTIFY on `channel` from other connections (PostgreSQL: a
   * dedicated connection, re-opened when lost, after which `fn` hears "": anything may have been missed;
   * PGlite: one process, nothing to hear). Answers a stop function.
   */
  listen?(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL with DATABASE_READ_URL: a read replica for the catalogue's reads by visitors (catalogueReader,
   * chosen per request by requestDatabase in context.ts). Never written; closed with this database.
   */
  replica?: Database;
  close(): Promise<void>;
};

const MIGRATIONS = path.join(root, "db/migrations");

export type OpenOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite at dataDir is used. */
  databaseUrl?: string;
  dataDir?: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /**
   * In-memory PGlite: starts from this dumped data directory (PGlite's `dumpDataDir()`) instead of an empty
   * one. The tests load a migrated snapshot made once per run (tests/setup/global.ts); migrations still run
   * and find nothing to do.
   */
  loadDataDir?: Blob;
  migrate?: boolean;
  /**
   * PostgreSQL: a statement running longer is cancelled (the server's per-request bound; imports and
   * migrations run without one). PGlite cannot cancel a statement: the server's queue bounds it instead.
   */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL: a read replica's URL (DATABASE_READ_URL) for the catalogue's reads (`replica`). Its
   * connections are named `teca-read` in pg_stat_activity, the primary's `teca`.
   */
  readUrl?: string;
  /** PGlite: called once this process holds the data directory (before the database is created or opened). */
  onLocked?: () => void;
};

/** Opens the catalogue database (the one place that does) and runs migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.statementTimeoutMs, "teca") : await openPglite(opts);
  try {
    if (opts.migrate !== false) await migrateDatabase(database);
    if (opts.databaseUrl && opts.readUrl) {
      const replica = await openPostgres(opts.readUrl, opts.statementTimeoutMs, "teca-read");
      const closePrimary = database.close;
      database.replica = replica;
      database.close = async () => {
        await Promise.all([closePrimary(), replica.close()]);
      };
    }
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  return database;
}

/** Where the catalogue's reads go: the read replica when there is one (DATABASE_READ_URL), else the database. */
export function catalogueReader(database: Database): Database {
  return database.replica ?? database;
}

/**
 * PGlite's page cache for a data directory: what its tables take now with half again for growth, at least
 * 128 MB and at most 384 MB (the memory PGlite holds from its start: the demo's 83 MB catalogue needs no
 * 384 MB, a 100,000-record one does).
 */
export function sharedBuffersFor(dataDir: string): string {
  const size = (dir: string): number => {
    let total = 0;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      total += e.isDirectory() ? size(p) : e.isFile() ? fs.statSync(p).size : 0;
    }
    return total;
  };
  let bytes = 0;
  try {
    bytes = size(path.join(dataDir, "base"));
  } catch {
    // a new data directory
  }
  const mb = Math.min(384, Math.max(128, Math.ceil((bytes * 1.5) / 2 ** 20 / 32) * 32));
  return `${mb}MB`;
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  let release = () => {};
  let dataDir: string | undefined;
  if (!opts.memory) {
    dataDir = path.resolve(opts.dataDir ?? "./data", "pglite");
    release = acquireLock(path.dirname(dataDir));
    opts.onLocked?.();
  }
  try {
    const client = await PGlite.create({
      dataDir,
      loadDataDir: opts.memory ? opts.loadDataDir : undefined,
      extensions: { unaccent, pg_trgm },
      // A catalogue's search vectors should stay in memory: PGlite's 128 MB default halves search speed at
      // 100,000 records. PGlite's memory holds every buffer from the start, so a small catalogue gets fewer
      // (sharedBuffersFor). The WAL is kept modest for small installs.
      postgresqlconf: opts.memory
        ? undefined
        : [
            `shared_buffers = ${process.env.PGLITE_SHARED_BUFFERS || sharedBuffersFor(dataDir!)}`,
            "work_mem = 16MB",
            "max_wal_size = 256MB",
          ],
    });
    // Small installs: keep the WAL modest; two cores: no parallel plans.
    await client.exec("SET max_parallel_workers_per_gather = 0");
    const db = drizzle(client, { schema }) as unknown as Db;
    let closed = false;
    return {
      db,
      kind: "pglite",
      async rows<T>(query: SQL) {
        return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
      },
      async listen() {
        return async () => {};
      },
      async close() {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

async function openPostgres(url: string, statementTimeoutMs: number | undefined, applicationName: string): Promise<Database> {
  const pg = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // Two cores: parallel plans made mid-size facet queries slower (STACK.md).
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    application_name: applicationName,
    // Bitmaps of common words stay exact (not lossy) with a larger work_mem; JIT compilation cost
    // more than it saved on search statements (their cost estimates are inflated by subplans).
    options: `-c max_parallel_workers_per_gather=1 -c jit=off -c work_mem=${process.env.DATABASE_WORK_MEM ?? "32MB"}${
      statementTimeoutMs ? ` -c statement_timeout=${Math.round(statementTimeoutMs)}` : ""
    }`,
  });
  // A connection dropped by the server (restart, failover) must not crash the process: idle ones are
  // reported by the pool; a checked-out one (between the statements of a transaction, or just as its query
  // ends) emits on the client itself, which the pool leaves without a listener while it is lent out.
  pool.on("error", (err) => console.error(`PostgreSQL connection error: ${err.message}`));
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = drizzle(pool, { schema }) as unknown as Db;
  // Drizzle 0.45's transaction sends BEGIN outside its try: when the connection is dead by then (a database
  // restart), the client is never given back and the pool shrinks by one for good — a few outages and every
  // request waits forever (tests/faults/postgres-outage.test.ts). This one always gives it back, and a
  // client whose connection failed is closed rather than lent again.
  (db as unknown as { transaction: unknown }).transaction = async <T>(fn: (tx: Db) => Promise<T>) => {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      await client.query("begin");
      const result = await fn(drizzle(client, { schema }) as unknown as Db);
      await client.query("commit");
      return result;
    } catch (err) {
      failure = err as Error;
      await client.query("rollback").catch(() => undefined);
      throw err;
    } finally {
      client.release(failure && isDatabaseUnavailable(failure) ? failure : undefined);
    }
  };
  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: "postgres",
    async rows<T>(query: SQL) {
      return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    },
    async listen(channel, fn) {
      let client: InstanceType<typeof pg.Client> | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      // A lost connection (server restart) is opened again, and the listener then hears an empty payload:
      // what was sent meanwhile is unknown, so its caches go (caches.ts).
      let connected = false;
      const again = () => {
        if (!stopped) retry = setTimeout(() => void connect().catch(again), 1000);
      };
      const connect = async () => {
        const c = new pg.Client({ connectionString: url, application_name: applicationName });
        c.on("notification", (n) => n.channel === channel && fn(n.payload ?? ""));
        c.on("error", () => undefined);
        try {
          await c.connect();
          await c.query(`listen "${channel.replace(/"/g, "")}"`);
        } catch (err) {
          await c.end().catch(() => undefined);
          throw err;
        }
        c.on("end", again);
        client = c;
        if (connected) fn("");
        connected = true;
      };
      await connect();
      const stop = async () => {
        stopped = true;
        listeners.delete(stop);
        clearTimeout(retry);
        await client?.end().catch(() => undefined);
      };
      listeners.add(stop);
      return stop;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

async function appliedMigrations(database: Database): Promise<number> {
  try {
    const [row] = await database.rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return row?.n ?? 0;
  } catch {
    return 0;
  }
}

export async function migrateDatabase(database: Database) {
  const before = await appliedMigrations(database);
  await runMigrations(database);
  // Migrations that rewrite data leave the planner without statistics and, on PGlite (no autovacuum),
  // the rebuilt search tables full of dead rows until a VACUUM.
  if ((await appliedMigrations(database)) !== before) {
    if (database.kind === "pglite" && before > 0) await database.rows(sql`vacuum search_docs, search_texts, search_words, search_lexicon`);
    await database.rows(sql`analyze`);
  }
}

async function runMigrations(database: Database) {
  if (database.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // One migrator at a time across processes sharing the server.
    await database.db.execute(sql`select pg_advisory_lock(727274)`);
    try {
      await migrate(database.db as never, { migrationsFolder: MIGRATIONS });
    } finally {
      await database.db.execute(sql`select pg_advisory_unlock(727274)`);
    }
  }
}

/** True when the database answers a trivial query. */
export async function pingDatabase(database: Database): Promise<boolean> {
  try {
    await database.rows(sql`select 1 as ok`);
    return true;
  } catch {
    return false;
  }
}
