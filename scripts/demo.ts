// npm run demo -- [--out DIR] [--records N] [--images N] [--seed N]
// Generates the demo archive (records.ndjson + media/) without importing it;
// import it with: npm run import -- DIR/records.ndjson --media-dir DIR/media
import path from "node:path";
import { Command, InvalidArgumentError } from "commander";
import { logger } from "../app/.server/logger";
import { createProgress } from "../app/.server/progress";
import { DEFAULT_IMAGES, DEFAULT_RECORDS, DEFAULT_SEED, generateDemo, MIN_RECORDS } from "../app/features/demo/generate";

const int = (min: number, max: number) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`an integer between ${min} and ${max}`);
  return n;
};

const program = new Command()
  .name("npm run demo --")
  .description("Generates the demo archive of the fictional Valdameri Foundation (deterministic).")
  .option("--out <dir>", "output directory", "data/demo-archive")
  .option("--records <n>", `number of records (≥ ${MIN_RECORDS})`, int(MIN_RECORDS, 5_000_000), DEFAULT_RECORDS)
  .option("--images <n>", "number of distinct generated images", int(0, 100_000), DEFAULT_IMAGES)
  .option("--seed <n>", "random seed", int(0, 2 ** 32 - 1), DEFAULT_SEED)
  .parse();

const opts = program.opts<{ out: string; records: number; images: number; seed: number }>();
const out = path.resolve(opts.out);
const t0 = performance.now();
const progress = createProgress(logger);
const result = await generateDemo(out, {
  records: opts.records,
  images: opts.images,
  seed: opts.seed,
  onImages(done, total) {
    if (done === 0) progress.start("Drawing images", total, "images");
    else progress.update(done);
  },
});
progress.stop();
const seconds = ((performance.now() - t0) / 1000).toFixed(1);
console.log(`Demo archive written to ${out} in ${seconds} s`);
console.log(`  ${result.file}`);
console.log(`  ${result.mediaDir} (${result.images} images)`);
for (const [table, n] of Object.entries(result.counts)) console.log(`  ${table.padEnd(16)} ${n}`);
console.log(`  ${"total".padEnd(16)} ${result.count}`);
console.log(
  `Import with: npm run import -- ${path.relative(process.cwd(), result.file)} --media-dir ${path.relative(process.cwd(), result.mediaDir)}`,
);
