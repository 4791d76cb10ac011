// npx tsx scripts/bench-iiif.ts FILE [--media-dir DIR] [--runs N]
// What the IIIF tiles add to an import (decision 053): imports FILE into fresh embedded databases,
// alternately without and with tiles, and prints records/s of each run, by the clock and by the process's
// CPU time (all its threads: sharp's included) — the CPU figure holds on a machine busy with other work.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Command } from "commander";
import { openDatabase } from "../app/.server/db";
import { importFile } from "../app/features/catalogue/import.server";

const program = new Command().argument("<file>").option("--media-dir <dir>").option("--runs <n>", "runs of each kind", "1").parse();
const file = path.resolve(program.args[0]!);
const opts = program.opts<{ mediaDir?: string; runs: string }>();

const results: Record<string, number[]> = { without: [], with: [] };
const cpuResults: Record<string, number[]> = { without: [], with: [] };
for (let i = 0; i < Number(opts.runs); i++)
  for (const tiles of i % 2 ? [true, false] : [false, true]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "teca-bench-iiif-"));
    const database = await openDatabase({ dataDir: dir });
    try {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const res = await importFile({ database }, file, {
        mediaDir: opts.mediaDir ? path.resolve(opts.mediaDir) : undefined,
        mediaStore: path.join(dir, "media"),
        iiifTiles: tiles,
      });
      const s = (performance.now() - t0) / 1000;
      const c = process.cpuUsage(c0);
      const cpu = (c.user + c.system) / 1e6;
      const rate = res.imported / s;
      results[tiles ? "with" : "without"]!.push(rate);
      cpuResults[tiles ? "with" : "without"]!.push(res.imported / cpu);
      let tileFiles = 0;
      const store = path.join(dir, "media", ".iiif");
      if (fs.existsSync(store)) tileFiles = fs.readdirSync(store, { recursive: true }).length;
      console.log(
        `${tiles ? "with tiles   " : "without tiles"} ${res.imported} records in ${s.toFixed(1)} s: ${rate.toFixed(1)} records/s; CPU ${cpu.toFixed(1)} s: ${(res.imported / cpu).toFixed(1)} records per CPU second (${tileFiles} tile entries)`,
      );
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`mean: without ${mean(results.without!).toFixed(1)} records/s, with ${mean(results.with!).toFixed(1)} records/s`);
console.log(
  `mean by CPU time: without ${mean(cpuResults.without!).toFixed(1)}, with ${mean(cpuResults.with!).toFixed(1)} records per CPU second`,
);
