// Search relevance on real museum data: a subset of the judged queries of npm run bench:relevance
// (bench/relevance/queries.json), through the search service on PGlite, must stay above a floor.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/.server/db";
import { openMuseumDemo } from "../setup/demo";
import { summarize, type Summary } from "../../bench/relevance/metrics";
import { importMuseum, loadQueries, runQueries, tecaEngine, warmUp, type QueryRun } from "../../bench/relevance/run";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const demoFile = path.resolve(projectRoot, "../shared/data/museum/demo/records.ndjson");
const demoExists = fs.existsSync(demoFile);
if (!demoExists)
  console.warn(
    `[relevance] ${demoFile} is absent: the search relevance test is SKIPPED (the data sits beside the project, see ../shared/data/README.md).`,
  );

/**
 * Floors of the subset's figures, set a little below what the search achieved
 * when they were last raised (see bench/relevance/README.md for the figures).
 * Raise them when the search gets better; never lower them to let a change in.
 */
const FLOOR = { ndcg: 0.78, mustRecall: 0.66, maxZeroResults: 0 };

describe.skipIf(!demoExists)("search relevance on the museum demo data (PGlite)", () => {
  let database: Database | undefined;
  let runs: QueryRun[] = [];
  let summary: Summary;

  beforeAll(async () => {
    const taxonomy = path.join(path.dirname(demoFile), "taxonomy.json");
    // imported by importMuseum once per data and importer (tests/setup/demo.ts); convert.test.ts tests the import
    database = await openMuseumDemo(demoFile, fs.existsSync(taxonomy) ? taxonomy : null, importMuseum);
    const teca = tecaEngine(database);
    await warmUp(teca);
    runs = await runQueries(teca, loadQueries({ subset: true }));
    summary = summarize(runs.map((r) => r.score));
    console.log(
      `[relevance] ${runs.length} queries: nDCG@10 ${summary.ndcg?.toFixed(3)}, P@10 ${summary.precision?.toFixed(3)}, must-have recall@10 ${summary.mustRecall?.toFixed(3)}, ${summary.zero} without results`,
    );
  }, 300_000);

  afterAll(async () => {
    await database?.close();
  });

  it("runs a subset across the three locales and every kind of query", () => {
    expect(runs.length).toBeGreaterThanOrEqual(20);
    for (const locale of ["it", "en", "fr"]) expect(runs.filter((r) => r.query.locale === locale).length).toBeGreaterThanOrEqual(6);
    expect(new Set(runs.map((r) => r.query.class)).size).toBeGreaterThanOrEqual(8);
  });

  it("keeps nDCG@10 and must-have recall@10 above the floor", () => {
    const detail = runs.map((r) => `${r.query.locale}:${r.query.q} ${r.score.ndcg?.toFixed(2)}`).join(", ");
    expect(summary.ndcg, `nDCG@10 per query: ${detail}`).toBeGreaterThanOrEqual(FLOOR.ndcg);
    expect(summary.mustRecall, `nDCG@10 per query: ${detail}`).toBeGreaterThanOrEqual(FLOOR.mustRecall);
  });

  it("finds something for every query of the subset", () => {
    const empty = runs.filter((r) => r.score.zero).map((r) => `${r.query.locale}:${r.query.q}`);
    expect(empty.length, `no results for ${empty.join(", ")}`).toBeLessThanOrEqual(FLOOR.maxZeroResults);
  });

  it("puts the record of an exact identifier first", () => {
    const ids = runs.filter((r) => r.query.class === "identifier");
    expect(ids.length).toBeGreaterThan(0);
    for (const r of ids)
      expect(r.query.grades.get(r.ranking.ids[0] ?? ""), `${r.query.q}: ${r.ranking.ids.slice(0, 3).join(", ")}`).toBe(2);
  });
});
