// npm run bench [-- --records N --requests N --only pglite|postgres]
// Import throughput (records/s) and record-page server time (median, p95) on a
// catalogue built by the demo generator, for PGlite and PostgreSQL.
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
import { seedDemoSite } from "./demo/site";

const opts = new Command()
  .option("--records <n>", "catalogue size", (v) => Number(v), 100_000)
  .option("--requests <n>", "record pages to render per database", (v) => Number(v), 300)
  .option("--only <db>", "pglite or postgres")
  .option("--postgres <url>", "PostgreSQL server for a throw-away database", process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres")
  .parse()
  .opts<{ records: number; requests: number; only?: string; postgres: string }>();

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

console.log(`Generating ${opts.records.toLocaleString("en")} demo records…`);
let t = performance.now();
const demo = await generateDemo(path.join(work, "demo"), { records: opts.records, images: 60 });
console.log(`  ${demo.count} records in ${((performance.now() - t) / 1000).toFixed(1)} s`);

type Row = { db: string; records: number; importSeconds: number; rate: number; median: number; p95: number; max: number };
const results: Row[] = [];

async function bench(name: string, database: Database) {
  const store = path.join(work, `media-${name}`);
  console.log(`\n[${name}] importing…`);
  t = performance.now();
  const res = await importFile(database, demo.file, { mediaDir: demo.mediaDir, mediaStore: store, batchSize: 1000 });
  const importSeconds = (performance.now() - t) / 1000;
  if (res.rejected.length || res.failed) throw new Error(`import failed: ${JSON.stringify(res.rejected.slice(0, 2))} ${res.failed?.reason}`);
  await seedDemoSite(database);
  await database.rows(sql`analyze`);
  const rate = res.imported / importSeconds;
  console.log(`  ${res.imported} records in ${importSeconds.toFixed(1)} s → ${Math.round(rate)} records/s`);

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
  const row = { db: name, records: res.imported, importSeconds, rate, median: q(times, 0.5), p95: q(times, 0.95), max: Math.max(...times) };
  console.log(`  record page (SSR, ${times.length} requests): median ${row.median.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, max ${row.max.toFixed(1)} ms`);
  results.push(row);
}

try {
  if (opts.only !== "postgres") {
    const db = await openDatabase({ dataDir: path.join(work, "pglite") });
    try {
      await bench("pglite", db);
    } finally {
      await db.close();
    }
  }
  if (opts.only !== "pglite") {
    const name = `teca_bench_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: opts.postgres });
    try {
      await admin.connect();
    } catch {
      console.log(`\n[postgres] not reachable at ${opts.postgres}: skipped`);
    }
    if ((admin as unknown as { _connected: boolean })._connected) {
      await admin.query(`create database ${name}`);
      const u = new URL(opts.postgres);
      u.pathname = `/${name}`;
      const db = await openDatabase({ databaseUrl: u.toString() });
      try {
        await bench("postgres", db);
      } finally {
        await db.close();
        await admin.query(`drop database if exists ${name} with (force)`);
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
  console.log(`| ${r.db} | ${r.records.toLocaleString("en")} | ${r.importSeconds.toFixed(1)} s | ${Math.round(r.rate).toLocaleString("en")} records/s | ${r.median.toFixed(1)} ms | ${r.p95.toFixed(1)} ms |`);
if (results.length === 2) {
  const [a, b] = results as [Row, Row];
  console.log(`\nPGlite/PostgreSQL ratios — import time ${(a.importSeconds / b.importSeconds).toFixed(2)}×, page median ${(a.median / b.median).toFixed(2)}×, p95 ${(a.p95 / b.p95).toFixed(2)}×`);
}
