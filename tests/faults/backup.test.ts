// npm run backup / npm run restore: a round trip brings back every table exactly (each row of each table
// compared through a checksum), on PGlite and on PostgreSQL.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../app/.server/db";
import { importFile } from "../../app/features/catalogue/import.server";
import { seedDemoSite } from "../../app/features/demo/site";
import { makeRecord, writeNdjson } from "../factories/records";
import { faultTargets, runTool, type FaultTarget } from "./helpers";

/** Every table of the schema: its row count and a checksum of all its rows. */
async function everyTable(db: Database) {
  const tables = await db.rows<{ name: string }>(sql`select c.relname as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`);
  const out: Record<string, { rows: number; sum: string | null }> = {};
  for (const { name } of tables) {
    const [r] = await db.rows<{ rows: number; sum: string | null }>(
      sql`select count(*)::int as rows, md5(string_agg(t::text, E'\n' order by t::text)) as sum from ${sql.identifier(name)} t`,
    );
    out[name] = r!;
  }
  return out;
}

for (const target of faultTargets()) {
  describe(`backup and restore on ${target.name}`, () => {
    let t: FaultTarget;
    beforeAll(async () => {
      t = await target.create();
    }, 120_000);
    afterAll(async () => t?.drop());

    it("round trip: every table comes back exactly as it was backed up", { timeout: 180_000 }, async () => {
      let db = await t.open();
      let saved: Awaited<ReturnType<typeof everyTable>>;
      try {
        const records = [
          ...Array.from({ length: 40 }, (_, i) =>
            makeRecord({
              id: `b${i}`,
              tags: [{ id: "t1", name: { it: "Tema" }, parents: [] }],
              relations: [{ type: "autore", table: "ca_entities", id: "e1" }],
            }),
          ),
          makeRecord({ table: "ca_entities", id: "e1", texts: { it: { label: "Ada Negri" } } }),
        ];
        expect(
          (await importFile({ database: db }, writeNdjson(t.dataDir, records, "b.ndjson"), { mediaStore: path.join(t.dataDir, "media") }))
            .imported,
        ).toBe(41);
        await seedDemoSite(db);
        saved = await everyTable(db);
        expect(saved.records!.rows).toBe(41);
        expect(saved.site_options!.rows).toBe(3);
      } finally {
        await db.close();
      }

      const file = path.join(t.dataDir, target.name === "pglite" ? "b.tar.gz" : "b.dump");
      const backup = runTool("scripts/backup.ts", ["--out", file], t.env);
      expect(await backup.exited, backup.output()).toBe(0);

      // Changes after the backup: more records, some removed, the site options gone.
      db = await t.open();
      try {
        await importFile({ database: db }, writeNdjson(t.dataDir, [makeRecord({ id: "late" })], "late.ndjson"), {
          mediaStore: path.join(t.dataDir, "media"),
        });
        await db.rows(sql`delete from records where id in ('b1', 'b2')`);
        await db.rows(sql`delete from site_options`);
        expect(await everyTable(db)).not.toEqual(saved);
      } finally {
        await db.close();
      }

      const restore = runTool("scripts/restore.ts", [file], t.env);
      expect(await restore.exited, restore.output()).toBe(0);
      db = await t.open();
      try {
        expect(await everyTable(db)).toEqual(saved);
      } finally {
        await db.close();
      }
    });
  });
}
