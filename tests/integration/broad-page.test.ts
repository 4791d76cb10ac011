import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { search } from "../../app/features/search/search.server";
import { ranking } from "../../app/features/search/ranking.server";
import { parseSearchParams } from "../../app/features/search/search-params";
import { anonymousViewer, viewerFor } from "../../app/.server/access";
import { parseCapabilities } from "../../app/lib/capabilities";
import { importFile } from "../../app/features/catalogue/import.server";
import { testDatabases } from "../setup/db";
import { makeImage, makeRecord, tempDir, writeNdjson } from "../factories/records";

/**
 * The relevance page of a broad search (more matches than the text score is computed for) is read in the
 * order of its ties and stops after a page (ranking.server.ts, rankedPage): it must give the very page the
 * whole sort gives. The limit is lowered so that a small catalogue is "broad".
 */
const TITLES = [
  "Porto",
  "Porto di Genova",
  "Porto: veduta",
  "Veduta del porto",
  "Fotografia del porto",
  "Fotografia",
  "Fotografia di una fontana",
  "Ponte sul porto",
  "Ponte",
  "Portale della chiesa",
  "Portici di Bologna",
  "Piazza con fontana",
  "Ritratto di donna",
  "Ritratto del porto",
  "Fontana",
  "Veduta",
  "Pontile",
  "Fotografie di famiglia",
  "Porto-Venere",
  "Porte della città",
];
const SUMMARIES = [undefined, "Il porto di notte.", "Una fotografia della piazza.", "Vista dal ponte.", undefined, "Barche nel porto."];

function records() {
  return Array.from({ length: 240 }, (_, i) => {
    const label = TITLES[(i * 7) % TITLES.length]!;
    const summary = SUMMARIES[(i * 5) % SUMMARIES.length];
    return makeRecord({
      id: `b${i}`,
      texts: {
        it: { label, ...(summary ? { summary } : {}) },
        ...(i % 4 === 0 ? { en: { label: `Photograph ${i % 3 ? "of the harbour" : ""}`.trim() } } : {}),
      },
      ...(i % 3 === 0 ? { media: [{ type: "image" as const, file: "a.jpg", restricted: i % 9 === 0 }] } : {}),
      ...(i % 5 < 2 ? { date: { start: String(1850 + (i % 60)) } } : {}),
    });
  });
}

const QUERIES = [
  "porto",
  "po",
  "p",
  "fotografia",
  "fotografie",
  "ponte",
  "porto genova",
  "f",
  "ve",
  "ritr",
  "pont",
  "veduta porto",
  "fontana",
  "photograph",
];

for (const target of testDatabases()) {
  describe(`the broad relevance page on ${target.name}`, () => {
    let db: Awaited<ReturnType<typeof target.open>>;
    let dir: string;
    const saved = { ...ranking };
    const page = async (qs: string, broad: boolean, viewer = anonymousViewer()) => {
      ranking.broadPages = broad;
      const p = parseSearchParams(new URLSearchParams(qs));
      if (!p.ok) throw new Error(p.error.message);
      return (await search({ database: db, viewer, locale: "it" }, p.params, { pageSize: 10 })).data.map((d) => d.id);
    };

    beforeAll(async () => {
      db = await target.open();
      dir = tempDir();
      await makeImage(dir, "a.jpg", 64, 48);
      const r = await importFile({ database: db }, writeNdjson(dir, records()), { mediaDir: dir, mediaStore: path.join(dir, "store") });
      if (r.rejected.length || r.failed) throw new Error(JSON.stringify(r.rejected[0] ?? r.failed));
      ranking.rankLimit = 20;
    });
    afterAll(async () => {
      Object.assign(ranking, saved);
      await db?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("gives the whole sort's pages, page after page, and is used for broad searches", async () => {
      const ways: string[] = [];
      ranking.made = (how) => ways.push(how);
      let compared = 0;
      for (const q of QUERIES)
        for (const n of [1, 2, 3, 5]) {
          const qs = `q=${encodeURIComponent(q)}&page=${n}`;
          const whole = await page(qs, false);
          expect(await page(qs, true), qs).toEqual(whole);
          if (whole.length) compared++;
        }
      expect(compared).toBeGreaterThan(30);
      // the walk made most of the broad pages (the rest: too few matches, or none near the start of the order)
      expect(ways.filter((w) => w === "walk").length).toBeGreaterThan(20);
    });

    it("is the same page for a viewer who sees restricted images (made by the whole sort)", async () => {
      const privileged = viewerFor({ id: "u", level: 64, roles: [] }, parseCapabilities("RISERVATO2:64"));
      const ways: string[] = [];
      ranking.made = (how) => ways.push(how);
      ranking.broadPages = true;
      const p = parseSearchParams(new URLSearchParams("q=porto"));
      if (!p.ok) throw new Error(p.error.message);
      const r = await search({ database: db, viewer: privileged, locale: "it" }, p.params, { pageSize: 10 });
      expect(r.data.length).toBe(10);
      expect(ways).toEqual(["statement"]);
    });
  });
}
