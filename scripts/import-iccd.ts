// npm run import:iccd -- DIR|FILE… [--thesauri DIR|FILE…] [--out FILE] [--import]
// Converts ICCD schede (XML) into the interchange format (docs/data-format.md) and, with --import,
// imports them in one transaction as `npm run import` does.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { convertIccdFiles, listSchedaFiles, writeNdjson } from "../app/features/catalogue/iccd/convert";
import { loadThesauri } from "../app/features/catalogue/iccd/thesauri";
import { runImport } from "./cli-db";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULT_THESAURI = path.resolve(projectRoot, "../shared/data/iccd/thesauri");

const program = new Command()
  .name("npm run import:iccd --")
  .description(
    "Converts ICCD schede (XML, any kind: OA, RA, A, F, D, S, NU, BDI/BDM, PST, SI…) to interchange NDJSON and optionally imports them.",
  )
  .argument("<paths...>", "XML files or directories of them (read recursively)")
  .option(
    "--thesauri <paths...>",
    "SKOS thesauri (RDF/XML or Turtle files, or directories); default ../shared/data/iccd/thesauri when present",
  )
  .option("--no-thesauri", "do not link records to thesaurus tags")
  .option("--out <file>", "interchange NDJSON to write", path.resolve(projectRoot, "data/iccd.ndjson"))
  .option("--import", "import the converted file into the catalogue afterwards", false)
  .parse();

const opts = program.opts<{ thesauri?: string[] | false; out: string; import: boolean }>();
const inputs = (program.args as string[]).map((p) => path.resolve(p));
for (const p of inputs)
  if (!fs.existsSync(p)) {
    console.error(`Not found: ${p}`);
    process.exit(2);
  }
const files = listSchedaFiles(inputs);
if (!files.length) {
  console.error(`No .xml files in ${inputs.join(", ")}`);
  process.exit(2);
}

let thesaurusPaths: string[] = [];
if (opts.thesauri === false) thesaurusPaths = [];
else if (Array.isArray(opts.thesauri)) thesaurusPaths = opts.thesauri.map((p) => path.resolve(p));
else if (fs.existsSync(DEFAULT_THESAURI)) thesaurusPaths = [DEFAULT_THESAURI];
for (const p of thesaurusPaths)
  if (!fs.existsSync(p)) {
    console.error(`Thesaurus not found: ${p}`);
    process.exit(2);
  }

const started = Date.now();
let thesaurus: ReturnType<typeof loadThesauri> | undefined;
if (thesaurusPaths.length) {
  console.log(`Reading thesauri ${thesaurusPaths.join(", ")} …`);
  thesaurus = loadThesauri(thesaurusPaths);
  console.log(`  ${thesaurus.concepts.size} concepts in ${thesaurus.schemes.size} schemes`);
}
console.log(`Converting ${files.length} file(s) …`);
const result = convertIccdFiles(files, { thesaurus });
const out = path.resolve(opts.out);
writeNdjson(out, result.records);
const objects = Object.values(result.byKind).reduce((a, b) => a + b, 0);
console.log(
  `Wrote ${result.records.length} records to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${objects} schede (${Object.entries(
    result.byKind,
  )
    .sort()
    .map(([k, n]) => `${k} ${n}`)
    .join(", ")}) and ${result.records.length - objects} people and places.`,
);
if (result.rejected.length) {
  console.warn(`${result.rejected.length} file(s) not imported:`);
  for (const r of result.rejected) console.warn(`  ${path.relative(process.cwd(), r.file) || r.file}: ${r.reason}`);
}
if (result.warnings.length) {
  console.warn(`${result.warnings.length} note(s) on converted schede:`);
  for (const w of result.warnings.slice(0, 50)) console.warn(`  ${w.file}: ${w.reason}`);
}

if (opts.import) await runImport(out, { load: { kind: "import", source: `iccd: ${inputs.join(", ")} → ${out}` } });
