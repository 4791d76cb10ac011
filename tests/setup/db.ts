import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../app/.server/db";

export type TestDb = { name: "pglite" | "postgres"; open(): Promise<Database & { drop(): Promise<void>; url?: string }> };

/**
 * The databases every integration suite runs against: in-memory PGlite
 * always, and a throw-away database on the PostgreSQL server named by
 * TEST_DATABASE_URL when it is set.
 */
export function testDatabases(): TestDb[] {
  const list: TestDb[] = [
    {
      name: "pglite",
      async open() {
        const db = await openDatabase({ memory: true });
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

/** A throw-away database on the PostgreSQL server of `serverUrl`: its URL, and how to drop it. */
export async function scratchPostgres(serverUrl: string, prefix: string) {
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
  await admin(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
