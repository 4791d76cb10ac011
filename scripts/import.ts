// npm run import -- FILE [--media-dir DIR] [--skip-invalid] [--batch-size N]
import path from "node:path";
import fs from "node:fs";
import { Command, InvalidArgumentError } from "commander";
import { runImport } from "./cli-db";

const program = new Command()
  .name("npm run import --")
  .description("Imports an NDJSON interchange file into the catalogue (docs/data-format.md).")
  .argument("<file>", "NDJSON file, one record per line")
  .option("--media-dir <dir>", "directory that media `file` paths are relative to")
  .option("--skip-invalid", "import the valid lines even when some are rejected (exit code 0)", false)
  .option(
    "--batch-size <n>",
    "records per transaction",
    (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 5000) throw new InvalidArgumentError("an integer between 1 and 5000");
      return n;
    },
    500,
  )
  .parse();

const [file] = program.args as [string];
const opts = program.opts<{ mediaDir?: string; skipInvalid: boolean; batchSize: number }>();
if (!fs.existsSync(file)) {
  console.error(`File not found: ${file}`);
  process.exit(2);
}
await runImport(file, {
  mediaDir: opts.mediaDir ? path.resolve(opts.mediaDir) : undefined,
  skipInvalid: opts.skipInvalid,
  batchSize: opts.batchSize,
  rejectedHint: "Fix them, or use --skip-invalid to import the rest.",
});
