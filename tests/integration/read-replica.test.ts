// DATABASE_READ_URL (decision 031): a visitor's catalogue reads go to the read replica, every write and every
// read that must see its own writes to the primary. Here the "replica" is a second database holding one record
// more than the primary, so where each read went shows in its answer, and its tables are counted to prove that
// nothing was written there.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { catalogueReader, openDatabase, type Database } from "../../app/.server/db";
import { requestDatabase } from "../../app/.server/context";
import { createUser } from "../../app/features/accounts/accounts.server";
import { importFile } from "../../app/features/catalogue/import.server";
import { scratchPostgres, testDatabases } from "../setup/db";
import { startTestServer } from "../setup/app";
import { makeRecord, tempDir, writeNdjson } from "../factories/records";

describe("the database of a request", () => {
  it("is the primary without a replica, and with one the replica only for a visitor's GET of a catalogue page or call", async () => {
    const db = await testDatabases()[0]!.open();
    try {
      const visitor = (method: string, p: string, signedIn = false) => requestDatabase(db, { method, path: p, signedIn });
      expect(visitor("GET", "/cerca")).toBe(db);
      expect(catalogueReader(db)).toBe(db);
      const replica = { ...db } as Database;
      const withReplica = Object.assign(Object.create(null), db, { replica }) as Database;
      const pick = (method: string, p: string, signedIn = false) => requestDatabase(withReplica, { method, path: p, signedIn }) === replica;
      for (const p of [
        "/",
        "/en",
        "/fr/",
        "/_root.data",
        "/cerca",
        "/en/cerca.data",
        "/oggetti/1",
        "/en/oggetti/1/fotografia",
        "/luoghi/4",
        "/api/public/search",
        "/api/public/suggest",
        "/api/public/export",
        "/api/public/records/ca_objects/1",
        "/api/public/records/ca_objects/1/related",
        "/iiif/manifest/ca_objects/1",
        "/iiif/collection/search",
        "/oai",
        "/ld/ca_objects/1",
        "/sitemap.xml",
        "/sitemaps/records-1.xml",
        "/en/feed.atom",
        "/sfogliatore/ca_objects/1",
      ])
        expect(pick("GET", p), p).toBe(true);
      expect(pick("HEAD", "/cerca")).toBe(true);
      for (const p of [
        "/login",
        "/collections",
        "/collections/3",
        "/settings",
        "/searches",
        "/account/security",
        "/console",
        "/cookie-policy",
        "/api/public/login",
        "/api/auth/profile",
        "/api/auth/docs/getDocs",
        "/workspace/pin",
        "/shared/abc",
        "/public/stories",
        "/site/custom.css",
      ])
        expect(pick("GET", p), p).toBe(false);
      expect(pick("POST", "/cerca")).toBe(false);
      expect(pick("POST", "/api/public/search")).toBe(false);
      expect(pick("GET", "/cerca", true)).toBe(false); // a signed-in user reads the primary
    } finally {
      await db.drop();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
// A read replica is a PostgreSQL server's: the rule has no meaning on the embedded database.
for (const url of serverUrl ? [serverUrl] : []) {
  describe("DATABASE_READ_URL on postgres", () => {
    const PASSWORD = "Replica-test-1";
    let primary: Awaited<ReturnType<typeof scratchPostgres>>;
    let replica: Awaited<ReturnType<typeof scratchPostgres>>;
    let db: Database;
    let server: Awaited<ReturnType<typeof startTestServer>>;
    let admin: pg.Client;
    const dir = tempDir();
    const store = path.join(dir, "store");

    /** Rows of every table of the replica's database. */
    const replicaCounts = async () => {
      const c = new pg.Client({ connectionString: replica.url });
      await c.connect();
      try {
        const tables = (
          await c.query<{ t: string }>(`select quote_ident(schemaname) || '.' || quote_ident(tablename) as t from pg_tables
          where schemaname not in ('pg_catalog', 'information_schema') order by 1`)
        ).rows.map((r) => r.t);
        const out: Record<string, number> = {};
        for (const t of tables) out[t] = Number((await c.query<{ n: string }>(`select count(*) as n from ${t}`)).rows[0]!.n);
        return out;
      } finally {
        await c.end();
      }
    };

    beforeAll(async () => {
      primary = await scratchPostgres(url, "teca_rp");
      replica = await scratchPostgres(url, "teca_rr");
      const both = [makeRecord({ id: "both", texts: { it: { label: "Ventaglio in entrambe" } } })];
      const only = makeRecord({ id: "replica-only", texts: { it: { label: "Ventaglio della replica" } } });
      for (const [u, records] of [
        [primary.url, both],
        [replica.url, [...both, only]],
      ] as const) {
        const d = await openDatabase({ databaseUrl: u });
        try {
          const res = await importFile({ database: d }, writeNdjson(dir, [...records], `seed-${records.length}.ndjson`), {
            mediaDir: dir,
            mediaStore: store,
          });
          expect(res.imported).toBe(records.length);
        } finally {
          await d.close();
        }
      }
      db = await openDatabase({ databaseUrl: primary.url, readUrl: replica.url });
      await createUser(
        { database: db },
        { email: "lettore@example.org", roles: ["Manager"], password: PASSWORD },
        { userId: null, address: "test" },
      );
      server = await startTestServer(db, store);
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      await db?.close();
      await admin?.end();
      await primary?.drop();
      await replica?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("serves a visitor's catalogue from the replica, signed-in users and writes from the primary, and never writes to the replica", async () => {
      const before = await replicaCounts();
      // A visitor: search, its JSON, the record page and JSON, the export, the home page — all from the replica.
      const search = await server.fetch("/api/public/search?q=ventaglio");
      expect(search.status).toBe(200);
      expect(JSON.stringify(await search.json())).toContain("Ventaglio della replica");
      expect((await server.fetch("/cerca?q=ventaglio")).status).toBe(200);
      expect(await (await server.fetch("/en/cerca?q=ventaglio")).text()).toContain("Ventaglio della replica");
      expect((await server.fetch("/api/public/records/ca_objects/replica-only")).status).toBe(200);
      expect((await server.fetch("/oggetti/replica-only", { redirect: "follow" })).status).toBe(200);
      expect(await (await server.fetch("/api/public/export?format=csv&q=ventaglio")).text()).toContain("Ventaglio della replica");
      expect((await server.fetch("/")).status).toBe(200);

      // Reads and writes that must see their own: sign-in (sessions, attempts), the profile, and a signed-in
      // user's catalogue pages (the record only the replica holds is missing there).
      const login = await server.fetch("/api/public/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.base },
        body: JSON.stringify({ email: "lettore@example.org", password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .find((c) => /^teca_session=/.test(c))!
        .split(";")[0]!;
      expect((await server.fetch("/api/auth/profile", { headers: { Cookie: cookie } })).status).toBe(200);
      expect((await server.fetch("/api/public/records/ca_objects/replica-only", { headers: { Cookie: cookie } })).status).toBe(404);
      expect((await server.fetch("/api/public/records/ca_objects/both", { headers: { Cookie: cookie } })).status).toBe(200);
      const [sessions] = await db.rows<{ n: number }>(sql`select count(*)::int as n from sessions`);
      expect(sessions!.n).toBe(1);

      // The connections: the replica's pool (teca-read) is on the replica's database only, the primary's
      // (teca) never there; nothing in the replica changed.
      const activity = (
        await admin.query<{ app: string; db: string }>(
          `select distinct application_name as app, datname as db from pg_stat_activity where datname = any($1) and application_name like 'teca%'`,
          [[primary.url, replica.url].map((u) => new URL(u).pathname.slice(1))],
        )
      ).rows;
      const replicaName = new URL(replica.url).pathname.slice(1);
      expect(activity).toContainEqual({ app: "teca-read", db: replicaName });
      expect(activity.filter((a) => a.db === replicaName).map((a) => a.app)).toEqual(["teca-read"]);
      expect(activity.filter((a) => a.app === "teca-read").map((a) => a.db)).toEqual([replicaName]);
      expect(await replicaCounts()).toEqual(before);
    });
  });
}
