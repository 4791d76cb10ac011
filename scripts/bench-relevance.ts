// npm run bench:relevance -- [--postgres [URL]] [--json FILE] [--verbose] [--only-teca] [--subset] [--input FILE]
// Imports the museum demo data (../shared/data/museum) into a throw-away database, runs the judged queries of
// bench/relevance/queries.json through Teca's search service (each in its locale) and through MiniSearch over the
// same records, and prints nDCG@10, P@10, must-have recall@10, zero-result rate and latency. See bench/relevance/README.md.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import pg from "pg";
import { openDatabase, type Database } from "../app/.server/db";
import { idealPrecisionAt, type Summary } from "../bench/relevance/metrics";
import {
  importMuseum,
  loadQueries,
  miniSearchEngine,
  report,
  runQueries,
  tecaEngine,
  warmUp,
  type QueryRun,
  type Report,
} from "../bench/relevance/run";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULT_INPUT = path.resolve(projectRoot, "../shared/data/museum/demo/records.ndjson");
const DEFAULT_PG = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The goal of the search work: Teca ahead of the off-the-shelf engine by this much on nDCG@10 and P@10. */
const TARGET_MARGIN = 0.05;

const opts = new Command()
  .name("npm run bench:relevance --")
  .description("Relevance of Teca's search against MiniSearch on the museum demo data, with judged queries in Italian, English and French.")
  .option("--input <file>", "museum records (NDJSON); taxonomy.json beside it is used", DEFAULT_INPUT)
  .option("--postgres [url]", `use a throw-away database on this PostgreSQL server instead of in-memory PGlite (default ${DEFAULT_PG})`)
  .option("--json <file>", "also write the figures (and every query's top ten) to this file")
  .option("--verbose", "list every query's top ten for both engines (● must-have, ○ relevant, · not judged relevant)", false)
  .option("--only-teca", "skip MiniSearch", false)
  .option("--subset", "run only the integration test's subset of queries", false)
  .parse()
  .opts<{ input: string; postgres?: string | true; json?: string; verbose: boolean; onlyTeca: boolean; subset: boolean }>();

const input = path.resolve(opts.input);
if (!fs.existsSync(input)) {
  console.error(
    `Museum records not found: ${input}\nThe data sits beside the project in ../shared/data (see its README); or pass --input FILE.`,
  );
  process.exit(2);
}
const taxonomyFile = path.join(path.dirname(input), "taxonomy.json");
const taxonomy = fs.existsSync(taxonomyFile) ? taxonomyFile : null;

/** A throw-away database: in-memory PGlite, or a new database on a PostgreSQL server, dropped afterwards. */
async function throwAwayDatabase(): Promise<{ database: Database; label: string; drop(): Promise<void> }> {
  if (!opts.postgres) {
    const database = await openDatabase({ memory: true });
    return { database, label: "PGlite (in memory)", drop: () => database.close() };
  }
  const adminUrl = opts.postgres === true ? DEFAULT_PG : opts.postgres;
  const name = `teca_relevance_${crypto.randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: u.toString() });
  } catch (err) {
    await admin(`drop database if exists ${name} with (force)`);
    throw err;
  }
  const server = (await database.rows<{ v: string }>(await sqlVersion()))[0]?.v ?? "";
  return {
    database,
    label: `PostgreSQL ${server} (throw-away database ${name})`,
    async drop() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
async function sqlVersion() {
  const { sql } = await import("drizzle-orm");
  return sql`select current_setting('server_version') as v`;
}

const f3 = (x: number | null) => (x === null ? "  –  " : x.toFixed(3));
const ms = (x: number | null) => (x === null ? "–" : x < 10 ? x.toFixed(1) : x.toFixed(0));

function row(label: string, engine: string, s: Summary) {
  return [
    label.padEnd(22),
    engine.padEnd(11),
    String(s.queries).padStart(4),
    f3(s.ndcg).padStart(9),
    f3(s.precision).padStart(7),
    f3(s.mustRecall).padStart(9),
    `${s.zero}`.padStart(6),
    `${s.zeroRate === null ? "–" : `${Math.round(s.zeroRate * 100)}%`}`.padStart(6),
    ms(s.msMedian).padStart(8),
    ms(s.msP95).padStart(8),
  ].join(" ");
}

function printTable(reports: { name: string; report: Report }[]) {
  const header = [
    "".padEnd(22),
    "engine".padEnd(11),
    "   n",
    "  nDCG@10",
    "   P@10",
    " must@10",
    "  zero",
    "     %",
    "  ms p50",
    "  ms p95",
  ].join(" ");
  console.log(header);
  console.log("-".repeat(header.length));
  const groups: [string, (r: Report) => Summary | undefined][] = [["overall", (r) => r.overall]];
  for (const l of ["it", "en", "fr"]) groups.push([`locale ${l}`, (r) => r.byLocale[l]]);
  const classes = [...new Set(reports.flatMap((r) => Object.keys(r.report.byClass)))];
  for (const c of classes) groups.push([c, (r) => r.byClass[c]]);
  for (const [label, pick] of groups) {
    reports.forEach((r, i) => {
      const s = pick(r.report);
      if (s) console.log(row(i === 0 ? label : "", r.name, s));
    });
    if (label === "overall" || label === "locale fr") console.log("-".repeat(header.length));
  }
}

function printVerbose(teca: QueryRun[], mini: QueryRun[] | null) {
  const mark = (grades: Map<string, number>, id: string) => ((grades.get(id) ?? 0) >= 2 ? "●" : (grades.get(id) ?? 0) === 1 ? "○" : "·");
  teca.forEach((t, i) => {
    const m = mini?.[i];
    const q = t.query;
    const must = [...q.grades.values()].filter((g) => g === 2).length;
    console.log(
      `\n[${q.locale}] ${JSON.stringify(q.q)} — ${q.class}, topic ${q.topic}: ${must} must-have, ${q.grades.size - must} relevant`,
    );
    const line = (r: QueryRun, name: string) => {
      const s = r.score;
      console.log(
        `  ${name.padEnd(10)} nDCG ${f3(s.ndcg)}  P ${s.precision.toFixed(1)}  must ${f3(s.mustRecall)}  ${r.ranking.total ?? r.ranking.ids.length} results${r.ranking.notice ? ` (${r.ranking.notice})` : ""}  ${ms(r.ranking.ms)} ms`,
      );
      r.ranking.ids.slice(0, 10).forEach((id, k) => {
        console.log(`    ${String(k + 1).padStart(2)} ${mark(q.grades, id)} ${(r.ranking.labels[k] ?? "").slice(0, 70).padEnd(70)} ${id}`);
      });
    };
    line(t, "Teca");
    if (m) line(m, "MiniSearch");
  });
}

const t0 = performance.now();
const queries = loadQueries({ subset: opts.subset });
const { database, label, drop } = await throwAwayDatabase();
let exitCode = 0;
try {
  console.log(`Importing ${path.relative(process.cwd(), input)} into ${label} …`);
  const imported = await importMuseum(database, input, taxonomy);
  console.log(
    `  ${imported.records} records: converted in ${imported.convertSeconds.toFixed(1)} s, imported in ${imported.importSeconds.toFixed(1)} s.`,
  );

  const teca = tecaEngine(database);
  await warmUp(teca);
  const t1 = performance.now();
  const tecaRuns = await runQueries(teca, queries);
  const tecaSeconds = (performance.now() - t1) / 1000;

  let miniRuns: QueryRun[] | null = null;
  let miniInfo = "";
  if (!opts.onlyTeca) {
    const mini = await miniSearchEngine(input);
    miniRuns = await runQueries(mini, queries);
    miniInfo = `MiniSearch 7.2: ${mini.documents} documents indexed in ${(mini.indexMs / 1000).toFixed(1)} s; prefix, fuzzy 0.2, OR, boost title 3 / makers 2 / identifier 2.`;
  }

  if (opts.verbose) printVerbose(tecaRuns, miniRuns);

  const byLocale = (l: string) => queries.filter((q) => q.locale === l).length;
  console.log(
    `\nRelevance at 10 — ${queries.length} judged queries (it ${byLocale("it")}, en ${byLocale("en")}, fr ${byLocale("fr")}) on the museum demo data; ${label}.`,
  );
  console.log(`Teca: search service, anonymous visitor, the query's locale, first page (${tecaSeconds.toFixed(1)} s for all queries).`);
  if (miniInfo) console.log(miniInfo);
  const bestP = queries.reduce((a, q) => a + idealPrecisionAt(q.grades), 0) / queries.length;
  console.log(
    `nDCG@10 with gains 2 (must-have) / 1 (relevant); P@10 over 10 (best possible with these judgments: ${bestP.toFixed(3)}); must@10 = must-haves in the top 10 / min(10, must-haves).\n`,
  );
  const reports = [{ name: "Teca", report: report(tecaRuns) }, ...(miniRuns ? [{ name: "MiniSearch", report: report(miniRuns) }] : [])];
  printTable(reports);

  if (miniRuns) {
    const a = reports[0]!.report.overall;
    const b = reports[1]!.report.overall;
    const dN = (a.ndcg ?? 0) - (b.ndcg ?? 0);
    const dP = (a.precision ?? 0) - (b.precision ?? 0);
    const ok = dN >= TARGET_MARGIN && dP >= TARGET_MARGIN && a.zero <= b.zero;
    console.log(
      `\nTarget (Teca ahead by ≥ ${TARGET_MARGIN} on nDCG@10 and P@10, no more zero-result queries): nDCG ${dN >= 0 ? "+" : ""}${dN.toFixed(3)}, P@10 ${dP >= 0 ? "+" : ""}${dP.toFixed(3)}, zero results ${a.zero} vs ${b.zero} — ${ok ? "MET" : "NOT MET"}.`,
    );
    const zeroes = tecaRuns.filter((r) => r.score.zero).map((r) => `${r.query.locale}:${r.query.q}`);
    if (zeroes.length) console.log(`Teca found nothing for: ${zeroes.join(", ")}`);
  }

  if (opts.json) {
    const perQuery = (runs: QueryRun[]) =>
      runs.map((r) => ({
        q: r.query.q,
        locale: r.query.locale,
        class: r.query.class,
        topic: r.query.topic,
        ...r.score,
        total: r.ranking.total,
        notice: r.ranking.notice ?? null,
        top10: r.ranking.ids.slice(0, 10),
      }));
    const out = {
      date: new Date().toISOString(),
      database: label,
      input,
      records: imported.records,
      queries: queries.length,
      seconds: {
        convert: imported.convertSeconds,
        import: imported.importSeconds,
        teca: tecaSeconds,
        total: (performance.now() - t0) / 1000,
      },
      engines: Object.fromEntries(reports.map((r, i) => [r.name, { ...r.report, perQuery: perQuery(i === 0 ? tecaRuns : miniRuns!) }])),
    };
    fs.writeFileSync(path.resolve(opts.json), `${JSON.stringify(out, null, 2)}\n`);
    console.log(`\nWrote ${opts.json}`);
  }
  console.log(`\nDone in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await drop();
}
process.exit(exitCode);
