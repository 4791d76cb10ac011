// npm run bench [-- --records N --only pglite|postgres --postgres-db NAME --pglite-dir DIR --scale-to N
//                  --seed N --concurrency C --also-concurrency C --repeat N --json FILE --verbose]
// Prepares a catalogue built by the demo generator (PGlite and/or PostgreSQL; imported, or kept
// between runs with --postgres-db / --pglite-dir, grown with --scale-to), samples ~220 distinct
// requests from it, then starts the BUILT server on it as a child process and measures those
// requests over HTTP, as visitors send them: p50 / p95 / max per class of request. Any request
// that does not answer 2xx is listed and makes the exit code non-zero.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Command } from "commander";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../app/.server/db";
import { importFile } from "../app/features/catalogue/import.server";
import { generateDemo } from "../app/features/demo/generate";
import { seedDemoSite } from "../app/features/demo/site";
import { scaleUp } from "./bench/scale";
import { buildRequests, readPools, warmupRequests, type BenchRequest } from "./bench/sample";
import { ensureBuild, startServer, type ServerTarget } from "./bench/server";
import { printPass, runPass, summarise, type PassSummary } from "./bench/run";

const int = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a whole number: ${v}`);
  return n;
};
const opts = new Command()
  .option("--records <n>", "catalogue size (demo records imported when the database holds fewer)", int, 100_000)
  .option("--only <db>", "pglite or postgres")
  .option("--postgres-db <name>", "keep the PostgreSQL catalogue in this database (created when missing)")
  .option("--pglite-dir <dir>", "keep the PGlite catalogue in this directory")
  .option("--scale-to <n>", "after importing --records demo records, copy them in SQL (new ids) up to this many records", int)
  .option(
    "--postgres <url>",
    "PostgreSQL server for a throw-away database",
    process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  )
  .option("--seed <n>", "seed of the request sample", int, 1)
  .option("--concurrency <n>", "requests in flight in the measured passes", int, 1)
  .option("--also-concurrency <n>", "then a pass over another ~220 requests with this many in flight (0: none)", int, 4)
  .option("--repeat <n>", "run the same requests this many more times (counts and facets cached by then)", int, 0)
  .option("--timeout <ms>", "a request taking longer fails", int, 30_000)
  .option("--json <file>", "write the figures to this file")
  .option("--verbose", "print every request with its time and status, and the server's output")
  .parse()
  .opts<{
    records: number;
    only?: string;
    postgresDb?: string;
    pgliteDir?: string;
    scaleTo?: number;
    postgres: string;
    seed: number;
    concurrency: number;
    alsoConcurrency: number;
    repeat: number;
    timeout: number;
    json?: string;
    verbose?: boolean;
  }>();
if (opts.only && opts.only !== "pglite" && opts.only !== "postgres") throw new Error("--only: pglite or postgres");
opts.concurrency = Math.max(1, opts.concurrency);

/** Things to undo at the end or on Ctrl-C, last registered first. */
const cleanups: (() => unknown)[] = [];
async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (err) {
      console.error(`cleanup: ${(err as Error).message}`);
    }
  }
}
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    if (interrupted) return; // tsx relays the terminal's Ctrl-C: the same signal twice
    interrupted = true;
    console.log(`\n${signal}: stopping the server and cleaning up…`);
    void cleanup().finally(() => process.exit(130));
  });

await ensureBuild((m) => console.log(m));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "teca-bench-"));
cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));

let demoFiles: Awaited<ReturnType<typeof generateDemo>> | undefined;
/** The demo catalogue, generated once per run and only when a database needs importing. */
async function demo() {
  if (!demoFiles) {
    console.log(`Generating ${opts.records.toLocaleString("en")} demo records…`);
    const t0 = performance.now();
    demoFiles = await generateDemo(path.join(work, "demo"), { records: opts.records, images: 60 });
    console.log(`  ${demoFiles.count} records in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  return demoFiles;
}

type Result = {
  db: string;
  records: number;
  importSeconds: number | null;
  importRate: number | null;
  requests: number;
  serverStartSeconds?: number;
  passes: PassSummary[];
  error?: string;
};
const results: Result[] = [];

/** Imports (when the database holds fewer than --records), grows (--scale-to) and counts the catalogue. */
async function prepare(name: string, database: Database, mediaStore: string) {
  const [{ n: existing }] = (await database.rows<{ n: number }>(sql`select count(*)::int as n from records`)) as [{ n: number }];
  let records = existing;
  let importSeconds: number | null = null;
  if (existing < opts.records) {
    const files = await demo();
    console.log(`[${name}] importing…`);
    const t0 = performance.now();
    const res = await importFile({ database }, files.file, { mediaDir: files.mediaDir, mediaStore, batchSize: 1000 });
    importSeconds = (performance.now() - t0) / 1000;
    if (res.rejected.length || res.failed)
      throw new Error(`import failed: ${JSON.stringify(res.rejected.slice(0, 2))} ${res.failed?.reason}`);
    await seedDemoSite(database);
    await database.rows(sql`analyze`);
    records = res.imported;
    console.log(`  ${res.imported} records in ${importSeconds.toFixed(1)} s → ${Math.round(res.imported / importSeconds)} records/s`);
  } else {
    console.log(`[${name}] ${existing.toLocaleString("en")} records already there: import not measured`);
  }
  if (opts.scaleTo && records < opts.scaleTo) {
    console.log(`  copying records up to ${opts.scaleTo.toLocaleString("en")}…`);
    await scaleUp(database, records, opts.scaleTo);
    records = opts.scaleTo;
  }
  return { records, importSeconds, importRate: importSeconds ? records / importSeconds : null };
}

/**
 * One database: prepare it and sample the requests with the bench's own connection, close it
 * (PGlite allows one process), start the built server on it, warm up, measure, stop the server.
 */
async function bench(name: string, open: () => Promise<Database>, target: ServerTarget, mediaStore: string) {
  console.log(`\n[${name}]`);
  const database = await open();
  let closed = false;
  const close = async () => {
    if (!closed) {
      closed = true;
      await database.close();
    }
  };
  cleanups.push(close);
  let prepared: Awaited<ReturnType<typeof prepare>>;
  let main: BenchRequest[];
  let other: BenchRequest[] = [];
  let warmup: BenchRequest[];
  try {
    prepared = await prepare(name, database, mediaStore);
    const t0 = performance.now();
    const pools = await readPools(database, opts.seed);
    const a = buildRequests(pools, opts.seed);
    main = a.requests;
    const used = new Set(main.map((r) => r.path));
    if (opts.alsoConcurrency && opts.alsoConcurrency !== opts.concurrency) {
      const b = buildRequests(pools, opts.seed + 1, used);
      other = b.requests;
      if (b.short.length) console.log(`  concurrency pass, classes short of requests: ${b.short.join(", ")}`);
      for (const r of other) used.add(r.path);
    }
    warmup = warmupRequests(pools, used);
    console.log(
      `  ${main.length} distinct requests sampled (seed ${opts.seed})${other.length ? `, ${other.length} others for the concurrency pass` : ""} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    if (a.short.length) console.log(`  classes short of requests: ${a.short.join(", ")}`);
    if (main.length < 200) console.log(`  WARNING: fewer than 200 requests (the catalogue is too small or too uniform)`);
  } finally {
    await close();
  }
  const result: Result = {
    db: name,
    records: prepared.records,
    importSeconds: prepared.importSeconds,
    importRate: prepared.importRate,
    requests: main.length,
    passes: [],
  };
  results.push(result);

  const t0 = performance.now();
  const server = await startServer({ target, mediaDir: mediaStore, verbose: opts.verbose });
  cleanups.push(server.stop);
  result.serverStartSeconds = (performance.now() - t0) / 1000;
  console.log(`  server (pid ${server.pid}) answering at ${server.url} after ${result.serverStartSeconds.toFixed(1)} s`);
  try {
    const w = await runPass(server.url, warmup, { concurrency: 1, verbose: opts.verbose, label: "warm-up" });
    const ws = summarise("warm-up", 1, w);
    console.log(`  warm-up: ${warmup.length} requests (3 locales) in ${w.seconds.toFixed(1)} s, slowest ${ws.all.max.toFixed(0)} ms`);
    if (ws.failures.length) {
      printPass(name, ws);
      result.passes.push(ws);
    }
    const pass = async (label: string, requests: BenchRequest[], concurrency: number, times = 1) => {
      const timings = [];
      let seconds = 0;
      for (let i = 0; i < times; i++) {
        const r = await runPass(server.url, requests, { concurrency, verbose: opts.verbose, label: label.split(" ")[0]! });
        timings.push(...r.timings);
        seconds += r.seconds;
      }
      const s = summarise(label, concurrency, { timings, seconds });
      result.passes.push(s);
      printPass(name, s);
    };
    await pass("cold (each request once)", main, opts.concurrency);
    if (opts.repeat) await pass(`repeat ×${opts.repeat} (same requests, counts cached)`, main, opts.concurrency, opts.repeat);
    if (other.length) await pass(`concurrency-${opts.alsoConcurrency} (${other.length} other requests)`, other, opts.alsoConcurrency);
    if (result.passes.some((p) => p.failures.length)) {
      const errors = server.output().filter((l) => /"level":(50|60)|error/i.test(l));
      if (errors.length)
        console.log(
          `  server errors (last ${Math.min(10, errors.length)}):\n    ${errors
            .slice(-10)
            .map((l) => l.slice(0, 600))
            .join("\n    ")}`,
        );
    }
  } finally {
    await server.stop();
  }
  const cold = result.passes.find((p) => p.name.startsWith("cold"));
  if (cold) {
    const p95Target = name === "postgres" ? 100 : 250;
    if (result.records >= 100_000)
      console.log(
        `  target (${name}, 100,000 records): search p95 ≤ ${p95Target} ms — ${cold.searches.p95.toFixed(0)} ms ${cold.searches.p95 <= p95Target ? "met" : "NOT MET"}`,
      );
    if (result.records >= 1_000_000 && name === "postgres")
      console.log(
        `  target (postgres, 1,000,000 records): no search over 1 s — max ${cold.searches.max.toFixed(0)} ms ${cold.searches.max <= 1000 ? "met" : "NOT MET"}`,
      );
  }
}

let crashed = false;
/** Runs one database's bench; a failure is reported and recorded, and the other database still runs. */
async function benchOrRecord(db: "pglite" | "postgres", run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    crashed = true;
    console.error(`\n[${db}] failed: ${(err as Error).stack ?? err}`);
    const r = results.find((x) => x.db === db);
    if (r) r.error = String(err);
  }
}
try {
  if (opts.only !== "postgres") {
    const dataDir = opts.pgliteDir ? path.resolve(opts.pgliteDir) : path.join(work, "pglite");
    const media = opts.pgliteDir ? path.join(dataDir, "..", `${path.basename(dataDir)}-media`) : path.join(work, "media-pglite");
    await benchOrRecord("pglite", () => bench("pglite", () => openDatabase({ dataDir }), { dataDir }, media));
  }
  if (opts.only !== "pglite") {
    const keep = Boolean(opts.postgresDb);
    if (keep && !/^[a-z_][a-z0-9_]*$/.test(opts.postgresDb!)) throw new Error("--postgres-db: lower-case letters, digits and _ only");
    const name = opts.postgresDb ?? `teca_bench_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: opts.postgres });
    let connected = false;
    try {
      await admin.connect();
      connected = true;
    } catch {
      console.log(`\n[postgres] not reachable at ${opts.postgres}: skipped`);
    }
    if (connected) {
      cleanups.push(() => admin.end());
      const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount;
      if (!exists) await admin.query(`create database ${name}`);
      if (!keep) cleanups.push(() => admin.query(`drop database if exists ${name} with (force)`));
      const u = new URL(opts.postgres);
      u.pathname = `/${name}`;
      const databaseUrl = u.toString();
      const media = keep ? path.join(os.tmpdir(), `${name}-media`) : path.join(work, "media-postgres");
      await benchOrRecord("postgres", () => bench("postgres", () => openDatabase({ databaseUrl }), { databaseUrl }, media));
    }
  }
} finally {
  await cleanup();
}

const f = (x: number) => (x >= 100 ? Math.round(x).toLocaleString("en") : x.toFixed(1));
console.log("\n| database | records | import | pass | requests | searches p50 | p95 | max | record page p50 | p95 | failed |");
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  const imp = r.importSeconds ? `${r.importSeconds.toFixed(1)} s (${Math.round(r.importRate!).toLocaleString("en")}/s)` : "–";
  for (const p of r.passes.filter((x) => x.name !== "warm-up")) {
    const rec = p.classes.record;
    console.log(
      `| ${r.db} | ${r.records.toLocaleString("en")} | ${imp} | ${p.name.split(" (")[0]} | ${p.all.n} | ${f(p.searches.p50)} ms | ${f(p.searches.p95)} ms | ${f(p.searches.max)} ms | ${rec ? `${f(rec.p50)} ms` : "–"} | ${rec ? `${f(rec.p95)} ms` : "–"} | ${p.all.failed || ""} |`,
    );
  }
  if (r.error) console.log(`| ${r.db} | ${r.records.toLocaleString("en")} | ${imp} | failed: ${r.error.split("\n")[0]} |`);
}

if (opts.json) {
  const out = {
    date: new Date().toISOString(),
    machine: { node: process.version, cpus: os.cpus().length, platform: `${os.platform()} ${os.release()}` },
    options: opts,
    results,
  };
  fs.writeFileSync(opts.json, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nFigures written to ${opts.json}`);
}
const failed = results.reduce((n, r) => n + r.passes.reduce((m, p) => m + p.failures.length, 0), 0);
if (failed || crashed) {
  console.log(`\n${failed} request(s) failed${crashed ? "; a database's run did not complete" : ""}.`);
  process.exitCode = 1;
}
