// npm run import:museum -- [--input FILE] [--taxonomy FILE] [--out FILE] [--limit N] [--import]
// Converts the museum model (../shared/data/museum, see its README) into the
// interchange format (docs/data-format.md) and, with --import, imports it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command, InvalidArgumentError } from "commander";
import { convertMuseum } from "../app/features/catalogue/museum/convert";
import { runImport } from "./cli-db";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULT_INPUT = path.resolve(projectRoot, "../shared/data/museum/demo/records.ndjson");

const program = new Command()
  .name("npm run import:museum --")
  .description("Converts museum-model records (Tate, Carnegie Museum of Art, ICCD) to interchange NDJSON and optionally imports them.")
  .option("--input <file>", "museum records, NDJSON or .ndjson.gz", DEFAULT_INPUT)
  .option("--taxonomy <file>", "taxonomy terms (JSON array); default: taxonomy.json beside the input")
  .option("--out <file>", "interchange NDJSON to write", path.resolve(projectRoot, "data/museum.ndjson"))
  .option("--limit <n>", "write at most N records", (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("a positive integer");
    return n;
  })
  .option("--import", "import the converted file into the catalogue afterwards", false)
  .parse();

const opts = program.opts<{ input: string; taxonomy?: string; out: string; limit?: number; import: boolean }>();
const input = path.resolve(opts.input);
if (!fs.existsSync(input)) {
  console.error(`Input not found: ${input}`);
  if (opts.input === DEFAULT_INPUT)
    console.error("The museum data sits beside the project in ../shared/data (see its README); or pass --input FILE.");
  process.exit(2);
}
let taxonomy: string | null = null;
if (opts.taxonomy) {
  taxonomy = path.resolve(opts.taxonomy);
  if (!fs.existsSync(taxonomy)) {
    console.error(`Taxonomy not found: ${taxonomy}`);
    process.exit(2);
  }
} else {
  const beside = path.join(path.dirname(input), "taxonomy.json");
  if (fs.existsSync(beside)) taxonomy = beside;
  else console.warn(`No taxonomy.json beside the input: tag ancestors get synthesized ids.`);
}
const out = path.resolve(opts.out);

console.log(`Converting ${input}${taxonomy ? ` (taxonomy ${taxonomy})` : ""} …`);
const result = await convertMuseum(input, taxonomy, out, { limit: opts.limit });
console.log(`Wrote ${result.written} records to ${out} in ${result.seconds.toFixed(1)} s:`);
for (const [table, n] of Object.entries(result.byTable).sort()) console.log(`  ${table.padEnd(16)} ${n}`);
console.log(
  `Record types: ${Object.entries(result.byType)
    .sort((x, y) => y[1] - x[1])
    .map(([code, n]) => `${code} ${n}`)
    .join(", ")}`,
);
if (result.skipped.length) {
  console.warn(`Skipped ${result.skipped.length} record(s):`);
  for (const s of result.skipped.slice(0, 50)) console.warn(`  ${s.id}: ${s.reason}`);
  if (result.skipped.length > 50) console.warn(`  … and ${result.skipped.length - 50} more`);
}
if (result.warnings.length) {
  console.warn(`${result.warnings.length} repair(s) in written records:`);
  for (const w of result.warnings.slice(0, 20)) console.warn(`  ${w.id}: ${w.message}`);
  if (result.warnings.length > 20) console.warn(`  … and ${result.warnings.length - 20} more`);
}

if (opts.import) await runImport(out, { load: { kind: "museum", source: `${input} → ${out}` } });
