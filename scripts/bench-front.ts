// npx tsx scripts/bench-front.ts [-- --pglite-dir DIR --duration 20 --connections 10 --rounds 2]
// What the front process (server/front.ts) costs on PGlite: the built server started with it (`npm start`) and
// without it (TECA_FRONT=0, the app alone on the port), alternately (A B B A …, so that a drift of the machine
// falls on both), each driven by autocannon on home pages, searches and record pages in turn. Prints the
// requests/s and p50 of each, their medians over the rounds and the ratio front / direct. Decision 031.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { Command } from "commander";
import { openDatabase } from "../app/.server/db";
import { buildRequests, readPools } from "./bench/sample";
import { ensureBuild, startServer } from "./bench/server";

const opts = new Command()
  .option("--pglite-dir <dir>", "PGlite catalogue (default: a throw-away one with the demo)")
  .option("--duration <s>", "seconds per set of requests", "20")
  .option("--connections <n>", "requests in flight", "10")
  .option("--rounds <n>", "pairs of runs (front, direct)", "2")
  .parse()
  .opts<{ pgliteDir?: string; duration: string; connections: string; rounds: string }>();
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const rounds = Number(opts.rounds);

type Mode = "front" | "direct";
type Figure = { mode: Mode; set: string; rps: number; p50: number; errors: number };

await ensureBuild((m) => console.log(m));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "teca-front-bench-"));
const dataDir = opts.pgliteDir ?? path.join(work, "pglite");
const mediaDir = path.join(dataDir, "media");
try {
  if (!fs.existsSync(path.join(dataDir, "pglite"))) {
    console.log("first start: loading the demo…");
    await (await startServer({ target: { dataDir }, mediaDir, demo: true })).stop();
  }
  const database = await openDatabase({ dataDir });
  const { requests } = buildRequests(await readPools(database, 7), 7);
  await database.close();
  const sets: Record<string, string[]> = {
    home: ["/", "/en", "/fr"],
    search: requests.filter((r) => r.cls === "word" || r.cls === "two-words" || r.cls === "browse").map((r) => r.path),
    record: requests.filter((r) => r.cls === "record").map((r) => r.path),
  };

  const figures: Figure[] = [];
  const order: Mode[] = [];
  for (let i = 0; i < rounds; i++) order.push(...((i % 2 === 0 ? ["front", "direct"] : ["direct", "front"]) as Mode[]));
  for (const mode of order) {
    const server = await startServer({ target: { dataDir }, mediaDir, env: mode === "direct" ? { TECA_FRONT: "0" } : {} });
    try {
      // warm: each path once (a language's first search reads its documents from disk)
      for (const p of Object.values(sets).flat())
        await fetch(server.url + p)
          .then((r) => r.arrayBuffer())
          .catch(() => undefined);
      for (const [set, paths] of Object.entries(sets)) {
        let i = 0;
        const r = await autocannon({
          url: server.url,
          connections,
          duration,
          requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
        });
        // (autocannon counts a timeout among its errors too)
        const errors = r.errors + r.non2xx;
        const f: Figure = { mode, set, rps: r.requests.average, p50: r.latency.p50, errors };
        figures.push(f);
        console.log(
          `${mode.padEnd(6)} ${set.padEnd(6)} ${f.rps.toFixed(1)} req/s  p50 ${f.p50} ms  errors ${errors}  (load ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(" ")})`,
        );
      }
    } finally {
      await server.stop();
    }
  }
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  console.log(`\n| set | req/s front | req/s direct | ratio | p50 front | p50 direct |\n|---|---|---|---|---|---|`);
  for (const set of Object.keys(sets)) {
    const of = (mode: Mode) => figures.filter((f) => f.set === set && f.mode === mode);
    const [rf, rd] = [median(of("front").map((f) => f.rps)), median(of("direct").map((f) => f.rps))];
    const [pf, pd] = [median(of("front").map((f) => f.p50)), median(of("direct").map((f) => f.p50))];
    console.log(`| ${set} | ${rf.toFixed(1)} | ${rd.toFixed(1)} | ${(rf / rd).toFixed(2)} | ${pf} ms | ${pd} ms |`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
