// kill -9 during the first demo load, then start again: the demo is loaded completely (never a part of it),
// with its completion marker; a partial demo without the marker is loaded again from scratch; a catalogue
// holding the operator's own records is left alone.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { importFile } from "../../app/features/catalogue/import.server";
import { generateDemo } from "../../app/features/demo/generate";
import { ensureDemo } from "../../app/features/demo/load.server";
import { makeRecord, tempDir, writeNdjson } from "../factories/records";
import { faultTargets, killHard, progressDone, runTool, snapshot, waitFor, type FaultTarget } from "./helpers";
import fs from "node:fs";

const RECORDS = 300;
const IMAGES = 12;
const quiet = { info() {}, warn() {} };

for (const target of faultTargets()) {
  describe(`the first demo load on ${target.name}`, () => {
    let t: FaultTarget;
    beforeAll(async () => {
      t = await target.create();
    }, 120_000);
    afterAll(async () => t?.drop());

    it("killed while importing, is loaded completely at the next start, once", { timeout: 240_000 }, async () => {
      const env = { ...t.env, DEMO_RECORDS: String(RECORDS), DEMO_IMAGES: String(IMAGES) };
      const run = runTool("tests/faults/demo-child.ts", [], env);
      expect(await waitFor(run, (o) => progressDone(o, "Demo: importing") >= 100), run.output()).toBe(true);
      await killHard(run);
      let db = await t.open();
      try {
        const s = await snapshot(db);
        expect(s.counts.records).toBe(0);
        expect(s.counts.site_options).toBe(0);
      } finally {
        await db.close();
      }
      const again = runTool("tests/faults/demo-child.ts", [], env);
      expect(await again.exited, again.output()).toBe(0);
      expect(again.output()).toContain("demo loaded");
      // PGlite has one process: the start finds the killed load at once. (PostgreSQL waits until the dead
      // client's backend is gone and the load is 10 s old: a later start reports it.)
      if (target.name === "pglite") expect(again.output()).toMatch(/An interrupted demo .* nothing of it was kept/);
      db = await t.open();
      let full: Awaited<ReturnType<typeof snapshot>>;
      try {
        full = await snapshot(db);
        expect(full.counts.records).toBe(RECORDS);
        expect(full.counts.site_options).toBe(3);
        // the home page, the reproduction requests' terms (decision 099), a memory section and its three pages
        // (decision 115), in it, en and fr
        expect(full.counts.pages).toBe(18);
        // the users' collections and story the collection register lists (issue 32 §4): 4 collections, 1 of them private
        expect(full.counts.collections).toBe(4);
        expect(full.counts.stories).toBe(1);
        expect(full.counts.collection_shares).toBe(2);
        expect(full.counts.collection_links).toBe(1);
        const loads = await db.rows<{ kind: string; state: string }>(sql`select kind, state from catalogue_loads order by id`);
        expect(loads.at(-1)).toEqual({ kind: "demo", state: "complete" });
        expect(fs.existsSync(path.join(t.dataDir, "demo"))).toBe(false); // the scratch files are gone
      } finally {
        await db.close();
      }
      // A third start finds the marker and changes nothing.
      const third = runTool("tests/faults/demo-child.ts", [], env);
      expect(await third.exited, third.output()).toBe(0);
      expect(third.output()).toContain("demo already there");
      db = await t.open();
      try {
        expect(await snapshot(db)).toEqual(full);
      } finally {
        await db.close();
      }
    });
  });
}

describe("a demo without its completion marker", () => {
  let t: FaultTarget;
  let dir: string;
  beforeAll(async () => {
    t = await faultTargets()[0]!.create();
    dir = tempDir();
  }, 120_000);
  afterAll(async () => {
    await t?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is loaded again from scratch (a part of it left by an older version); the operator's own records are left alone", {
    timeout: 180_000,
  }, async () => {
    const db = await t.open();
    try {
      // What the old loader left when killed: a part of the demo's records, no site options, no marker.
      const gen = await generateDemo(path.join(dir, "gen"), { records: RECORDS, images: 0 });
      const part = fs
        .readFileSync(gen.file, "utf8")
        .split("\n")
        .filter((l) => !l.includes('"media"') || l.includes('"media":[]'))
        .slice(0, 120);
      const res = await importFile({ database: db }, writeNdjson(dir, part, "part.ndjson"), { mediaStore: path.join(dir, "store") });
      expect(res.imported).toBe(120);
      await db.rows(sql`delete from catalogue_loads`);
      const opts = {
        mediaDir: path.join(dir, "store"),
        workDir: path.join(dir, "work"),
        logger: quiet,
        tty: false,
        records: RECORDS,
        images: IMAGES,
      };
      expect(await ensureDemo({ database: db }, opts)).toBe(true);
      const s = await snapshot(db);
      expect(s.counts.records).toBe(RECORDS);
      expect(s.counts.site_options).toBe(3);
      // Now an operator's record joins: the demo is complete, nothing happens; without the marker, still nothing.
      await importFile({ database: db }, writeNdjson(dir, [makeRecord({ id: "own-1" })], "own.ndjson"), {
        mediaStore: path.join(dir, "store"),
      });
      await db.rows(sql`delete from catalogue_loads where kind = 'demo'`);
      const before = await snapshot(db);
      expect(await ensureDemo({ database: db }, opts)).toBe(false);
      expect(await snapshot(db)).toEqual(before);
    } finally {
      await db.close();
    }
  });
});
