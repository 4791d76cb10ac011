import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { Database } from "../../app/.server/db";
import { importFile } from "../../app/features/catalogue/import.server";
import { generateDemo } from "./generate";
import { seedDemoSite } from "./site";

/** Loads the demo archive into an empty catalogue (npm start on a fresh install). */
export async function loadDemoIfEmpty(database: Database, opts: { mediaDir: string; workDir: string; log?: (msg: string) => void }) {
  const [{ n }] = await database.rows<{ n: number }>(sql`select count(*)::int as n from records`);
  if (n > 0) return false;
  const log = opts.log ?? (() => {});
  const t0 = performance.now();
  log("Empty catalogue: generating the demo archive…");
  const demo = await generateDemo(opts.workDir);
  const result = await importFile(database, demo.file, { mediaDir: demo.mediaDir, mediaStore: opts.mediaDir });
  if (result.rejected.length || result.failed) {
    throw new Error(`Demo import failed: ${JSON.stringify(result.rejected.slice(0, 3))} ${result.failed?.reason ?? ""}`);
  }
  await seedDemoSite(database);
  fs.rmSync(opts.workDir, { recursive: true, force: true });
  log(`Demo archive loaded: ${result.imported} records in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return true;
}
