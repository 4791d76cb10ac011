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
        const name = `teca_t_${crypto.randomBytes(5).toString("hex")}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const u = new URL(url);
        u.pathname = `/${name}`;
        const db = await openDatabase({ databaseUrl: u.toString() });
        return Object.assign(db, {
          url: u.toString(),
          async drop() {
            await db.close();
            const a = new pg.Client({ connectionString: url });
            await a.connect();
            await a.query(`drop database if exists ${name} with (force)`);
            await a.end();
          },
        });
      },
    });
  }
  return list;
}
