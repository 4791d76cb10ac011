// npx tsx scripts/bench-export.ts [--records N] [--scale-to M] [--postgres URL]
// The export rate (issue 14's closing note: rows/s at 100,000 records). Builds a catalogue in a scratch
// database — N demo records imported (default 2,000, no images), copied in SQL up to M (default 100,000,
// scripts/bench/scale.ts) — then exports the whole catalogue as an anonymous visitor would (the search
// with no words, EXPORT_MAX_ROWS = M), CSV then JSON, through the export service the API streams
// (exportPlan, then exportStream read to the end), and prints rows/s of each. PGlite unless --postgres.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Command } from "commander";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../app/.server/db";
import { anonymousViewer } from "../app/.server/access";
import { importFile } from "../app/features/catalogue/import.server";
import { generateDemo } from "../app/features/demo/generate";
import { seedDemoSite } from "../app/features/demo/site";
import { getSiteOptions } from "../app/features/site/site.server";
import type { SiteOptions } from "../app/features/site/options";
import { configuredSearch } from "../app/features/search/search.server";
import { parseSearchParams } from "../app/features/search/search-params";
import { exportPlan, exportStream, type ExportFormat } from "../app/features/export/export.server";
import { scratchPostgres } from "../tests/setup/db";
import { scaleUp } from "./bench/scale";

const int = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`not a whole number: ${v}`);
  return n;
};
const opts = new Command()
  .option("--records <n>", "demo records to import", int, 2_000)
  .option("--scale-to <n>", "records after copying in SQL (and rows exported)", int, 100_000)
  .option("--postgres <url>", "a PostgreSQL server for a throw-away database (else PGlite)")
  .parse()
  .opts<{ records: number; scaleTo: number; postgres?: string }>();

const work = fs.mkdtempSync(path.join(os.tmpdir(), "teca-bench-export-"));
let database: Database | undefined;
let drop: (() => Promise<void>) | undefined;
try {
  if (opts.postgres) {
    const scratch = await scratchPostgres(opts.postgres, "teca_bench_export");
    drop = scratch.drop;
    database = await openDatabase({ databaseUrl: scratch.url });
  } else database = await openDatabase({ dataDir: path.join(work, "db") });
  const demo = await generateDemo(path.join(work, "demo"), { records: opts.records, images: 0 });
  let t0 = performance.now();
  const res = await importFile({ database }, demo.file, { mediaDir: demo.mediaDir, mediaStore: path.join(work, "media"), batchSize: 1000 });
  if (res.rejected.length || res.failed)
    throw new Error(`import failed: ${JSON.stringify(res.rejected.slice(0, 2))} ${res.failed?.reason}`);
  await seedDemoSite(database);
  console.log(`imported ${res.imported} records in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (opts.scaleTo > res.imported) {
    t0 = performance.now();
    await scaleUp(database, res.imported, opts.scaleTo);
    console.log(`copied up to ${opts.scaleTo.toLocaleString("en")} records in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  await database.rows(sql`analyze`);

  const options = await getSiteOptions({ database }, "it");
  const parsed = parseSearchParams(new URLSearchParams(), { sanitize: options.sanitize });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const viewer = anonymousViewer();
  const { params, opts: searchOpts } = configuredSearch(options as SiteOptions & Record<string, unknown>, viewer.roles, parsed.params);
  const ctx = { database, viewer, locale: "it" as const };
  for (const format of ["csv", "json"] as ExportFormat[]) {
    t0 = performance.now();
    const { uids, total } = await exportPlan(ctx, params, searchOpts, opts.scaleTo);
    const planned = performance.now();
    let bytes = 0;
    const reader = exportStream(ctx, uids, format, "https://teca.example.org").getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    const s = (performance.now() - t0) / 1000;
    console.log(
      `${format}: ${uids.length.toLocaleString("en")} rows of ${total.toLocaleString("en")} public in ${s.toFixed(1)} s ` +
        `(plan ${((planned - t0) / 1000).toFixed(1)} s): ${Math.round(uids.length / s).toLocaleString("en")} rows/s, ${(bytes / 1e6).toFixed(1)} MB`,
    );
  }
} finally {
  await database?.close();
  await drop?.();
  fs.rmSync(work, { recursive: true, force: true });
}
