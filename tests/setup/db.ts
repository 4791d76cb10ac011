import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../app/.server/db";

export type TestDb = { name: "pglite" | "postgres"; open(): Promise<Database & { drop(): Promise<void>; url?: string }> };

/** What tests/setup/global.ts made for this run (nothing outside Vitest: then each database migrates itself). */
export function provided(key: "pgliteSnapshot" | "postgresTemplate"): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

let snapshot: Blob | undefined;
/** The migrated PGlite data directory of this run, read once per worker. */
export function migratedSnapshot(): Blob | undefined {
  const file = provided("pgliteSnapshot");
  if (file && !snapshot) snapshot = new Blob([fs.readFileSync(file)]);
  return snapshot;
}

/**
 * Makes `dataDir` (DATA_DIR of a tool or server) hold this run's migrated embedded database, as if migrated there
 * (nothing outside Vitest: it migrates when first opened).
 */
export function seedDataDir(dataDir: string) {
  const file = provided("pgliteSnapshot");
  if (!file) return;
  const pgdata = path.join(dataDir, "pglite");
  fs.mkdirSync(pgdata, { recursive: true });
  execFileSync("tar", ["-xf", file, "-C", pgdata], { stdio: ["ignore", "ignore", "pipe"] });
}

/** An in-memory PGlite, migrated (from this run's snapshot when there is one). */
export function openMemoryDatabase(): Promise<Database> {
  return openDatabase({ memory: true, loadDataDir: migratedSnapshot() });
}

/**
 * The databases every integration suite runs against: in-memory PGlite
 * always, and a throw-away database on the PostgreSQL server named by
 * TEST_DATABASE_URL when it is set. Both start migrated (tests/setup/global.ts).
 */
export function testDatabases(): TestDb[] {
  const list: TestDb[] = [
    {
      name: "pglite",
      async open() {
        const db = await openMemoryDatabase();
        return Object.assign(db, { drop: () => db.close() });
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    list.push({
      name: "postgres",
      async open() {
        const scratch = await scratchPostgres(url, "teca_t");
        const db = await openDatabase({ databaseUrl: scratch.url });
        return Object.assign(db, {
          url: scratch.url,
          async drop() {
            await db.close();
            await scratch.drop();
          },
        });
      },
    });
  }
  return list;
}

/**
 * A throw-away database on the PostgreSQL server of `serverUrl`: its URL, and how to drop it. Under Vitest it is
 * a copy of this run's migrated template (`template: false`: an empty one; a name: a copy of that database).
 */
export async function scratchPostgres(serverUrl: string, prefix: string, opts: { template?: boolean | string } = {}) {
  const template = typeof opts.template === "string" ? opts.template : opts.template === false ? undefined : provided("postgresTemplate");
  const name = `${prefix}_${crypto.randomBytes(5).toString("hex")}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}${template ? ` template ${template}` : ""}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
