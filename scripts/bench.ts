// npm run bench [-- --records N --requests N --only pglite|postgres]
//                [--postgres-db NAME] [--pglite-dir DIR] [--verbose]
// Import throughput (records/s), record-page server time and search time
// (median, p95) on a catalogue built by the demo generator, for PGlite and
// PostgreSQL. With --postgres-db / --pglite-dir the catalogue is kept between
// runs and imported only when it holds fewer records than asked for.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Command } from "commander";
import pg from "pg";
import { createRequestHandler, type ServerBuild } from "react-router";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../app/.server/db";
import { anonymousViewer } from "../app/.server/access";
import { importFile } from "../app/features/catalogue/import.server";
import { generateDemo } from "./demo/generate";
import { clearSearchCache, search } from "../app/features/search/search.server";
import { parseSearchParams, SORTS } from "../app/features/search/search-params";
import { seedDemoSite } from "./demo/site";

const opts = new Command()
  .option("--records <n>", "catalogue size", (v) => Number(v), 100_000)
  .option("--requests <n>", "record pages to render per database", (v) => Number(v), 300)
  .option("--only <db>", "pglite or postgres")
  .option("--postgres-db <name>", "keep the PostgreSQL catalogue in this database (created when missing)")
  .option("--pglite-dir <dir>", "keep the PGlite catalogue in this directory")
  .option("--verbose", "print every search with its time")
  .option("--scale-to <n>", "after importing --records demo records, copy them in SQL (new ids) up to this many records", (v) => Number(v))
  .option("--postgres <url>", "PostgreSQL server for a throw-away database", process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres")
  .parse()
  .opts<{ records: number; requests: number; only?: string; postgres: string; postgresDb?: string; pgliteDir?: string; verbose?: boolean; scaleTo?: number }>();

const root = path.resolve(import.meta.dirname, "..");
const buildFile = path.join(root, "build/server/index.js");
if (!fs.existsSync(buildFile)) {
  console.error("Run `npm run build` first.");
  process.exit(1);
}
const build = (await import(buildFile)) as ServerBuild;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "teca-bench-"));

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))]!;
};

let t = performance.now();
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

type Row = { db: string; records: number; importSeconds: number; rate: number; median: number; p95: number; max: number; search?: { n: number; median: number; p95: number; max: number; slowest: string; warmMedian: number; warmP95: number } };

/**
 * A rotating set of realistic searches: common and rare words, one and two
 * words, with and without filters, every sort.
 */
async function benchQueries(database: Database, size: number): Promise<string[]> {
  const words = await database.rows<{ w: string; n: number }>(sql`
    select w, count(*)::int as n from (
      select unnest(regexp_split_to_array(lower(label), '[^[:alpha:]]+')) as w from record_texts where locale = 'it'
    ) x where length(w) > 4 group by w order by n desc`);
  const common = words.slice(0, 12).map((x) => x.w);
  // Rare: at most 5 occurrences per 100,000 records (the same words in a catalogue grown with --scale-to).
  const rareMax = Math.max(5, Math.round((5 * size) / 100_000));
  const rare = words.filter((x) => x.n <= rareMax).slice(0, 12).map((x) => x.w);
  if (rare.length < 12 || common.length < 12) throw new Error("bench: the catalogue has too few distinct words");
  const tags = (await database.rows<{ id: string }>(sql`select tag_id as id from record_tags group by tag_id order by count(*) desc limit 8`)).map((t) => t.id);
  const qs: string[] = [];
  const sorts = [...SORTS];
  for (let i = 0; i < 60; i++) {
    const sp = new URLSearchParams();
    const kind = i % 6;
    if (kind === 0) sp.set("q", common[i % common.length]!);
    if (kind === 1) sp.set("q", rare[i % rare.length]!);
    if (kind === 2) sp.set("q", `${common[i % common.length]} ${common[(i + 3) % common.length]}`);
    if (kind === 3) sp.set("q", `${common[i % common.length]} ${rare[i % rare.length]}`);
    if (kind === 4) sp.append("filtro", tags[i % tags.length]!);
    if (kind === 5) {
      sp.set("q", common[(i + 1) % common.length]!);
      sp.append("filtro", tags[(i + 2) % tags.length]!);
      sp.set("from", String(1800 + (i % 10) * 15));
      sp.set("to", String(1900 + (i % 10) * 10));
    }
    if (i % 4 === 1) sp.set("media", "con_media");
    if (i % 7 === 2) sp.append("table", "ca_objects");
    sp.set("sort", sorts[i % sorts.length]!);
    if (i % 5 === 4) sp.set("page", "2");
    qs.push(sp.toString());
  }
  return qs;
}
const results: Row[] = [];

/**
 * Grows an imported catalogue to `target` records by copying its records with
 * their texts, tags, relations and media under new ids ("17~3"): a large
 * catalogue in minutes instead of an import of an hour. Each round commits.
 */
async function scaleUp(database: Database, from: number, target: number) {
  const columns = async (table: string, skip: string[]) =>
    (
      await database.rows<{ c: string; d: string | null }>(sql`select column_name as c, column_default as d from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`)
    )
      .filter((x) => !skip.includes(x.c) && !x.d?.startsWith("nextval("))
      .map((x) => x.c);
  const list = (cs: string[], prefix = "") => sql.raw(cs.map((c) => `${prefix}${c}`).join(", "));
  const recordCols = await columns("records", ["id"]);
  const [{ base }] = (await database.rows<{ base: number }>(sql`select count(*)::int as base from records where id not like '%~%'`)) as [{ base: number }];
  let n = from;
  const t0 = performance.now();
  for (let k = Math.floor(n / base); n < target; k++) {
    const limit = Math.min(base, target - n);
    const suffix = `~${k}`;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into records (id, ${list(recordCols)})
        select id || ${suffix}, ${list(recordCols)} from records where id not like '%~%' order by uid limit ${limit}`);
      const copies = sql`select n.uid as new_uid, o.uid as old_uid from records n join records o
        on o.table_name = n.table_name and o.id = left(n.id, length(n.id) - ${suffix.length}) where n.id like ${`%${suffix}`}`;
      for (const [table, key] of [["record_texts", "record_uid"], ["record_tags", "record_uid"], ["relations", "from_uid"], ["media", "record_uid"]] as const) {
        const cols = await columns(table, [key]);
        await tx.execute(sql`insert into ${sql.identifier(table)} (${sql.identifier(key)}, ${list(cols)})
          select c.new_uid, ${list(cols, "x.")} from (${copies}) c join ${sql.identifier(table)} x on x.${sql.identifier(key)} = c.old_uid`);
      }
      await tx.execute(sql`select teca_refresh_search_docs(array(select uid from records where id like ${`%${suffix}`}))`);
    });
    n += limit;
    console.log(`  ${n.toLocaleString("en")} records (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await database.rows(sql`analyze`);
}

async function bench(name: string, database: Database, store: string) {
  const [{ n: existing }] = (await database.rows<{ n: number }>(sql`select count(*)::int as n from records`)) as [{ n: number }];
  let imported = existing;
  let importSeconds = NaN;
  if (existing < opts.records) {
    const files = await demo();
    console.log(`\n[${name}] importing…`);
    t = performance.now();
    const res = await importFile(database, files.file, { mediaDir: files.mediaDir, mediaStore: store, batchSize: 1000 });
    importSeconds = (performance.now() - t) / 1000;
    if (res.rejected.length || res.failed) throw new Error(`import failed: ${JSON.stringify(res.rejected.slice(0, 2))} ${res.failed?.reason}`);
    await seedDemoSite(database);
    await database.rows(sql`analyze`);
    imported = res.imported;
    console.log(`  ${res.imported} records in ${importSeconds.toFixed(1)} s → ${Math.round(res.imported / importSeconds)} records/s`);
  } else {
    console.log(`\n[${name}] ${existing.toLocaleString("en")} records already there: import not measured`);
  }
  const rate = imported / importSeconds;
  if (opts.scaleTo && imported < opts.scaleTo) {
    console.log(`  copying records up to ${opts.scaleTo.toLocaleString("en")}…`);
    await scaleUp(database, imported, opts.scaleTo);
    imported = opts.scaleTo;
  }

  // Visible records to render, chosen deterministically across tables.
  const ids = await database.rows<{ table_name: string; id: string }>(
    sql`select table_name, id from records where access = 1 order by md5(table_name || id) limit ${opts.requests}`,
  );
  const slug: Record<string, string> = { ca_objects: "oggetti", ca_entities: "entita", ca_occurrences: "occorrenze", ca_places: "luoghi", ca_collections: "collezioni", assets: "media", objects: "data" };
  const handler = createRequestHandler(build, "production");
  const context = { database, viewer: anonymousViewer(), requestId: "bench", mediaDir: store };
  const prefixes = ["", "/en", "/fr"];
  // warm-up
  for (const r of ids.slice(0, 20)) await (await handler(new Request(`http://bench/${slug[r.table_name]}/${r.id}`), context as never)).text();
  const times: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    const r = ids[i]!;
    const url = `http://bench${prefixes[i % 3]}/${slug[r.table_name]}/${r.id}`;
    const s = performance.now();
    const response = await handler(new Request(url), context as never);
    await response.text();
    times.push(performance.now() - s);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  }
  const row: Row = { db: name, records: imported, importSeconds, rate, median: q(times, 0.5), p95: q(times, 0.95), max: Math.max(...times) };
  console.log(`  record page (SSR, ${times.length} requests): median ${row.median.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, max ${row.max.toFixed(1)} ms`);
  const queries = await benchQueries(database, imported);
  const ctx = { database, viewer: anonymousViewer(), locale: "it" as const };
  // Warm-up in each locale: every locale's search documents are read once (from disk, after other work
  // evicted them from the OS cache), as on a server that has been answering searches.
  for (const q of queries.slice(0, 10))
    for (const locale of ["it", "en", "fr"] as const) {
      const p = parseSearchParams(new URLSearchParams(q));
      if (p.ok) await search({ ...ctx, locale }, p.params);
    }
  // Cold: counts and facets computed (cache cleared before each query). Warm: a second page/sort of the
  // same search, which reuses the cached counts and facets, as paging through results does.
  const cold: { ms: number; q: string }[] = [];
  const warm: number[] = [];
  for (const [i, q] of queries.entries()) {
    const p = parseSearchParams(new URLSearchParams(q));
    if (!p.ok) throw new Error(`bench query rejected: ${q}: ${p.error.message}`);
    const c = { ...ctx, locale: (["it", "en", "fr"] as const)[i % 3] };
    clearSearchCache(database);
    let s0 = performance.now();
    await search(c, p.params);
    cold.push({ ms: performance.now() - s0, q });
    s0 = performance.now();
    await search(c, { ...p.params, page: p.params.page + 1 });
    warm.push(performance.now() - s0);
    if (opts.verbose) console.log(`    ${cold.at(-1)!.ms.toFixed(0).padStart(5)} ms  next ${warm.at(-1)!.toFixed(0).padStart(4)} ms  ${c.locale} ${q}`);
  }
  const ms = cold.map((x) => x.ms);
  const slowest = cold.reduce((a, b) => (b.ms > a.ms ? b : a));
  row.search = { n: ms.length, median: q(ms, 0.5), p95: q(ms, 0.95), max: slowest.ms, slowest: slowest.q, warmMedian: q(warm, 0.5), warmP95: q(warm, 0.95) };
  console.log(`  search, cold (${ms.length} queries, count + facets + page): median ${row.search.median.toFixed(1)} ms, p95 ${row.search.p95.toFixed(1)} ms, max ${slowest.ms.toFixed(0)} ms (${slowest.q})`);
  console.log(`  search, next page of the same search: median ${row.search.warmMedian.toFixed(1)} ms, p95 ${row.search.warmP95.toFixed(1)} ms`);
  results.push(row);
}

try {
  if (opts.only !== "postgres") {
    const dataDir = opts.pgliteDir ? path.resolve(opts.pgliteDir) : path.join(work, "pglite");
    const db = await openDatabase({ dataDir });
    try {
      await bench("pglite", db, opts.pgliteDir ? path.join(dataDir, "..", `${path.basename(dataDir)}-media`) : path.join(work, "media-pglite"));
    } finally {
      await db.close();
    }
  }
  if (opts.only !== "pglite") {
    const keep = Boolean(opts.postgresDb);
    if (keep && !/^[a-z_][a-z0-9_]*$/.test(opts.postgresDb!)) throw new Error("--postgres-db: lower-case letters, digits and _ only");
    const name = opts.postgresDb ?? `teca_bench_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: opts.postgres });
    try {
      await admin.connect();
    } catch {
      console.log(`\n[postgres] not reachable at ${opts.postgres}: skipped`);
    }
    if ((admin as unknown as { _connected: boolean })._connected) {
      const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount;
      if (!exists) await admin.query(`create database ${name}`);
      const u = new URL(opts.postgres);
      u.pathname = `/${name}`;
      const db = await openDatabase({ databaseUrl: u.toString() });
      try {
        await bench("postgres", db, keep ? path.join(os.tmpdir(), `${name}-media`) : path.join(work, "media-postgres"));
      } finally {
        await db.close();
        if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

console.log("\n| database | records | import | import rate | record page median | p95 |");
console.log("|---|---|---|---|---|---|");
for (const r of results)
  console.log(`| ${r.db} | ${r.records.toLocaleString("en")} | ${Number.isNaN(r.importSeconds) ? "–" : `${r.importSeconds.toFixed(1)} s`} | ${Number.isNaN(r.rate) ? "–" : `${Math.round(r.rate).toLocaleString("en")} records/s`} | ${r.median.toFixed(1)} ms | ${r.p95.toFixed(1)} ms |`);
console.log("\n| database | searches | cold median | cold p95 | cold max | next page median | next page p95 |");
console.log("|---|---|---|---|---|---|---|");
for (const r of results)
  if (r.search)
    console.log(`| ${r.db} | ${r.search.n} | ${r.search.median.toFixed(1)} ms | ${r.search.p95.toFixed(1)} ms | ${r.search.max.toFixed(0)} ms | ${r.search.warmMedian.toFixed(1)} ms | ${r.search.warmP95.toFixed(1)} ms |`);
if (results.length === 2) {
  const [a, b] = results as [Row, Row];
  console.log(`\nPGlite/PostgreSQL ratios — import time ${(a.importSeconds / b.importSeconds).toFixed(2)}×, page median ${(a.median / b.median).toFixed(2)}×, p95 ${(a.p95 / b.p95).toFixed(2)}×`);
}
