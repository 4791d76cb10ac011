// kill -9 during an NDJSON import and a museum import, then restart: the catalogue is exactly as before the
// import (counts of every table and a checksum of the ids) or, run to its end, exactly as after it.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { importFile } from "../../app/features/catalogue/import.server";
import { recoverInterruptedLoads } from "../../app/features/catalogue/loads.server";
import type { Database } from "../../app/.server/db";
import { makeRecord, writeNdjson } from "../factories/records";
import { faultTargets, killHard, progressDone, root, runTool, snapshot, waitFor, type FaultTarget } from "./helpers";

const MUSEUM = path.resolve(root, "../shared/data/museum/demo/records.ndjson");

/** A record naming a person, with tags: the import has search documents and names to link. */
const work = (i: number) =>
  makeRecord({
    id: `w${i}`,
    texts: { it: { label: `Opera numero ${i} del fondo`, summary: `Descrizione dell'opera ${i}` }, en: { label: `Work ${i}` } },
    tags: [{ id: `soggetto-${i % 7}`, name: { it: `Soggetto ${i % 7}` }, parents: [{ id: "soggetti", name: { it: "Soggetti" } }] }],
    relations: [{ type: "autore", table: "ca_entities", id: `p${i % 50}` }],
  });
const person = (i: number, name = `Persona ${i}`) => makeRecord({ table: "ca_entities", id: `p${i}`, texts: { it: { label: name } } });

/** Waits until PostgreSQL has ended the killed client's backend (its load's lock is free) and recovers the load. */
async function recovered(db: Database) {
  for (let i = 0; i < 100; i++) {
    const found = await recoverInterruptedLoads({ database: db }, { minAgeSeconds: 0 });
    if (found.length) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  return [];
}

for (const target of faultTargets()) {
  describe(`kill -9 during an import, on ${target.name}`, () => {
    let t: FaultTarget;
    let before: Awaited<ReturnType<typeof snapshot>>;
    beforeAll(async () => {
      t = await target.create();
      // What was there before: people and works of an earlier import.
      const db = await t.open();
      try {
        const base = [...Array.from({ length: 50 }, (_, i) => person(i)), ...Array.from({ length: 30 }, (_, i) => work(10_000 + i))];
        const res = await importFile({ database: db }, writeNdjson(t.dataDir, base, "base.ndjson"), {
          mediaStore: path.join(t.dataDir, "media"),
        });
        expect(res.imported).toBe(80);
        before = await snapshot(db);
      } finally {
        await db.close();
      }
    }, 120_000);
    afterAll(async () => t?.drop());

    it("while writing its batches, and while building its search documents: the catalogue is as before; run again, as after", {
      timeout: 240_000,
    }, async () => {
      // 1,500 new works and a rename of 10 people that earlier works name.
      const lines = [
        ...Array.from({ length: 1500 }, (_, i) => work(i)),
        ...Array.from({ length: 10 }, (_, i) => person(i, `Nuovo nome ${i}`)),
      ];
      const file = writeNdjson(t.dataDir, lines, "big.ndjson");

      const killAt: [string, (o: string) => boolean][] = [
        ["writing", (o) => progressDone(o) >= 500],
        ["search documents", (o) => o.includes("Building the search documents")],
      ];
      const killed: { phase: string; state: Awaited<ReturnType<typeof snapshot>>; interrupted: number }[] = [];
      for (const [phase, when] of killAt) {
        const run = runTool("scripts/import.ts", [file, "--batch-size", "250"], t.env);
        expect(await waitFor(run, when), `${phase}: ${run.output()}`).toBe(true);
        await killHard(run);
        const db = await t.open();
        try {
          const state = await snapshot(db);
          // Killed before its commit (as intended here) nothing is kept; the load is found interrupted.
          const found =
            state.ids === before.ids
              ? target.name === "postgres"
                ? await recovered(db)
                : await recoverInterruptedLoads({ database: db })
              : [];
          expect(
            found.map((l) => [l.kind, l.source]),
            phase,
          ).toEqual(state.ids === before.ids ? [["import", file]] : []);
          killed.push({ phase, state, interrupted: found.length });
        } finally {
          await db.close();
        }
      }
      // Killed while writing its batches, the import cannot have committed.
      expect(killed[0]!.state).toEqual(before);

      const done = runTool("scripts/import.ts", [file, "--batch-size", "250"], t.env);
      expect(await done.exited, done.output()).toBe(0);
      const db = await t.open();
      try {
        const after = await snapshot(db);
        expect(after.counts.records).toBe(before.counts.records! + 1500);
        const [ids] = await db.rows<{ sum: string }>(
          sql`select md5(string_agg(x, ',' order by x)) as sum from unnest(${`{${[
            ...Array.from({ length: 50 }, (_, i) => `ca_entities/p${i}`),
            ...Array.from({ length: 1500 }, (_, i) => `ca_objects/w${i}`),
            ...Array.from({ length: 30 }, (_, i) => `ca_objects/w${10_000 + i}`),
          ].join(",")}}`}::text[]) as x`,
        );
        expect(after.ids).toBe(ids!.sum);
        // Never between: each kill left the catalogue as before the import or as after it.
        for (const k of killed) expect([before, after], k.phase).toContainEqual(k.state);
        const loads = await db.rows<{ kind: string; state: string }>(sql`select kind, state from catalogue_loads order by id`);
        expect(loads.map((l) => l.state)).toEqual([
          "complete",
          ...killed.map((k) => (k.interrupted ? "interrupted" : "complete")),
          "complete",
        ]);
        // The renamed people's names reached the works naming them, the earlier import's included.
        const named = await db.rows<{ n: number }>(sql`select count(*)::int as n from search_texts x join records r on r.uid = x.record_uid
          where x.locale = 'it' and r.id = 'w10000' and x.tsv @@ to_tsquery(teca_ts_config('it'), 'nuovo')`);
        expect(named[0]!.n).toBe(1);
      } finally {
        await db.close();
      }
    });

    it.skipIf(!fs.existsSync(MUSEUM))("while importing the museum data: as before; run again, as after", { timeout: 300_000 }, async () => {
      const db0 = await t.open();
      const start = await snapshot(db0);
      await db0.close();
      const out = path.join(t.dataDir, "museum.ndjson");
      const args = ["--limit", "1000", "--out", out, "--import"];
      const run = runTool("scripts/import-museum.ts", args, t.env);
      expect(await waitFor(run, (o) => progressDone(o) >= 500), run.output()).toBe(true);
      await killHard(run);
      let db = await t.open();
      try {
        expect(await snapshot(db)).toEqual(start);
        const found = target.name === "postgres" ? await recovered(db) : await recoverInterruptedLoads({ database: db });
        expect(found.map((l) => l.kind)).toEqual(["museum"]);
      } finally {
        await db.close();
      }
      const done = runTool("scripts/import-museum.ts", args, t.env);
      expect(await done.exited, done.output()).toBe(0);
      db = await t.open();
      try {
        const after = await snapshot(db);
        // the converter's first line names the fields (decision 084), the records follow
        const [names, ...records] = fs.readFileSync(out, "utf8").trim().split("\n");
        expect(names).toMatch(/^\{"fieldNames":/);
        const written = records.length;
        expect(written).toBe(1000);
        expect(after.counts.records).toBe(start.counts.records! + written);
        const [{ n }] = await db.rows<{ n: number }>(
          sql`select count(*)::int as n from catalogue_loads where kind = 'museum' and state = 'complete'`,
        );
        expect(n).toBe(1);
      } finally {
        await db.close();
      }
    });
  });
}
