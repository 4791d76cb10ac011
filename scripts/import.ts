// npm run import -- FILE [--media-dir DIR] [--skip-invalid] [--batch-size N]
import path from "node:path";
import fs from "node:fs";
import { Command, InvalidArgumentError } from "commander";
import { logger } from "../app/.server/logger";
import { importProgress } from "../app/.server/progress";
import { importFile } from "../app/features/catalogue/import.server";
import { openCliDatabase } from "./cli-db";

const program = new Command()
  .name("npm run import --")
  .description("Imports an NDJSON interchange file into the catalogue (docs/data-format.md).")
  .argument("<file>", "NDJSON file, one record per line")
  .option("--media-dir <dir>", "directory that media `file` paths are relative to")
  .option("--skip-invalid", "import the valid lines even when some are rejected (exit code 0)", false)
  .option("--batch-size <n>", "records per transaction", (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 5000) throw new InvalidArgumentError("an integer between 1 and 5000");
    return n;
  }, 500)
  .parse();

const [file] = program.args as [string];
const opts = program.opts<{ mediaDir?: string; skipInvalid: boolean; batchSize: number }>();
if (!fs.existsSync(file)) {
  console.error(`File not found: ${file}`);
  process.exit(2);
}
const { database, mediaDir } = await openCliDatabase();
const progress = importProgress(logger);
try {
  const result = await importFile(database, file, {
    mediaDir: opts.mediaDir ? path.resolve(opts.mediaDir) : undefined,
    mediaStore: mediaDir,
    skipInvalid: opts.skipInvalid,
    batchSize: opts.batchSize,
    onProgress: progress.onProgress,
    onStep: progress.onStep,
  });
  progress.stop();
  for (const r of result.rejected.slice(0, 200)) console.error(`line ${r.line}: ${r.reason}`);
  if (result.rejected.length > 200) console.error(`… and ${result.rejected.length - 200} more rejected lines`);
  if (result.failed) {
    console.error(`Batch ${result.failed.batch} (from line ${result.failed.firstLine}) failed: ${result.failed.reason}`);
    console.error("The import was rolled back: the catalogue is as it was before it.");
    process.exitCode = 1;
  } else if (result.rejected.length && !opts.skipInvalid) {
    console.error(`${result.rejected.length} line(s) rejected: nothing was imported. Fix them, or use --skip-invalid to import the rest.`);
    process.exitCode = 1;
  } else {
    const rate = result.seconds > 0 ? Math.round(result.imported / result.seconds) : result.imported;
    console.log(`Imported ${result.imported} records in ${result.seconds.toFixed(1)} s (${rate} records/s)${result.rejected.length ? `, skipped ${result.rejected.length} invalid line(s)` : ""}.`);
  }
} finally {
  await database.close();
}
