// npm run bench:load [-- --only pglite|postgres --postgres-db NAME --pglite-dir DIR --media-dir DIR
//                       --levels 10,50,200 --duration 60 --home-duration S --workers N --json FILE]
// Then 50 visitors on the home pages only (the page every visit starts with: its requests/s).
// Many visitors at once: starts the BUILT server and drives it with autocannon at each concurrency level
// for --duration seconds, with a mix of what visitors ask for (home pages, search with words, one-to-three
// letter prefixes, identifiers, browsing with facets, map views, suggestions, record pages, images),
// sampled from the catalogue (≥ 200 distinct searches). Meanwhile it probes /healthz every 100 ms and
// samples the server's memory (every process of it). Prints throughput, p50/p95/p99, non-2xx answers
// (503s of the load limiter apart) and peak memory per level.
//   PGlite: the demo archive (loaded by the server's first start in a throw-away directory, or --pglite-dir).
//   PostgreSQL: an existing catalogue (--postgres-db NAME, e.g. one made by `npm run bench -- --only postgres
//   --postgres-db NAME`), served by one process, then by --workers processes (`npm run serve`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";
import { Command } from "commander";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../app/.server/db";
import { buildRequests, readPools, warmupRequests } from "./bench/sample";
import { ensureBuild, startServer, type RunningServer, type ServerTarget } from "./bench/server";
import { percentile } from "./bench/run";

const opts = new Command()
  .option("--only <db>", "pglite or postgres")
  .option("--postgres-db <name>", "PostgreSQL catalogue to serve (on --postgres)")
  .option("--postgres <url>", "PostgreSQL server", process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres")
  .option("--pglite-dir <dir>", "PGlite catalogue directory (default: a throw-away one with the demo)")
  .option("--media-dir <dir>", "media directory of the PostgreSQL catalogue (images are requested only when it holds them)")
  .option("--levels <list>", "concurrency levels", "10,50,200")
  .option("--duration <s>", "seconds per level", "60")
  .option("--home-duration <s>", "seconds of the home-pages run (default: --duration)")
  .option("--workers <n>", "PostgreSQL: also a run with this many processes (0: none)", String(os.availableParallelism()))
  .option("--no-single", "PostgreSQL: only the run with --workers processes (not the one-process run)")
  .option("--json <file>", "write the figures to this file")
  .parse()
  .opts<{
    only?: string;
    postgresDb?: string;
    postgres: string;
    pgliteDir?: string;
    mediaDir?: string;
    levels: string;
    duration: string;
    homeDuration?: string;
    workers: string;
    single: boolean;
    json?: string;
  }>();
const levels = opts.levels
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const duration = Number(opts.duration);
const homeDuration = Number(opts.homeDuration ?? opts.duration);
const workers = Number(opts.workers);
if (!levels.length || !(duration > 0) || !(homeDuration > 0) || !Number.isInteger(workers))
  throw new Error("--levels, --duration, --workers: positive numbers");

type Level = {
  /** "mix" (what visitors ask for), or "home" (home pages only: the page every visit starts with). */
  traffic: "mix" | "home";
  db: string;
  processes: number;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  shed: number;
  errors: number;
  errorRate: number;
  /** The errors by kind: status codes other than 2xx, 3xx and 503, "timeout" and "error" (connection). */
  errorKinds: Record<string, number>;
  healthP99: number;
  healthMax: number;
  peakMemoryMB: number;
};
const results: Level[] = [];

/** The mix of one visit after another: what the server is asked, sampled from the catalogue. */
async function mix(database: Database, mediaDir: string | null): Promise<string[]> {
  const pools = await readPools(database, 7);
  const { requests } = buildRequests(pools, 7);
  const others = warmupRequests(pools, new Set(requests.map((r) => r.path)));
  const paths = [...requests, ...others].map((r) => r.path);
  const homes = ["/", "/en", "/fr"];
  const words = pools.words.it.slice(0, 30).map((w) => w.w);
  const maps = words.slice(0, 10).map((w, i) => `${["", "/en", "/fr"][i % 3]}/cerca?q=${encodeURIComponent(w)}&view=map`);
  const suggest = words.slice(10, 30).map((w) => `/api/public/suggest?q=${encodeURIComponent(w.slice(0, 3))}&locale=it`);
  let media: string[] = [];
  if (mediaDir) {
    const rows = await database.rows<{ thumbnail: string }>(
      sql`select m.thumbnail from media m join records r on r.uid = m.record_uid where m.thumbnail is not null and not m.restricted and r.access = 1 order by m.id limit 200`,
    );
    media = rows
      .filter((r) => !/^https?:/.test(r.thumbnail) && fs.existsSync(path.join(mediaDir, r.thumbnail)))
      .map((r) => `/media/${r.thumbnail}`);
  }
  // Home pages are what most visits start with: weight them like a real site (a tenth of the requests).
  const weighted = [
    ...paths,
    ...Array.from({ length: Math.ceil(paths.length / 10) }, (_, i) => homes[i % 3]!),
    ...maps,
    ...suggest,
    ...media.slice(0, 40),
  ];
  // a stable shuffle, so runs compare
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = weighted.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [weighted[i], weighted[j]] = [weighted[j]!, weighted[i]!];
  }
  return weighted;
}

/** The /healthz prober (a worker thread's source): a request every 100 ms, its time (5000 when it fails) posted back. */
const HEALTH_PROBE = `
const { parentPort, workerData } = require("node:worker_threads");
(async () => {
  for (;;) {
    const t = performance.now();
    try {
      const r = await fetch(workerData.url, { signal: AbortSignal.timeout(5000) });
      await r.arrayBuffer();
      parentPort.postMessage(r.ok ? performance.now() - t : 5000);
    } catch {
      parentPort.postMessage(5000);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
})();
`;

/** Resident memory of a process and its children (the cluster's workers), in MB. */
function memoryMB(pid: number): number {
  const children = (p: number): number[] => {
    try {
      const list = fs.readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
      return [p, ...list.flatMap(children)];
    } catch {
      return [p];
    }
  };
  let kb = 0;
  for (const p of children(pid)) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"));
      kb += m ? Number(m[1]) : 0;
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

async function level(
  db: string,
  server: RunningServer,
  processes: number,
  paths: string[],
  connections: number,
  traffic: Level["traffic"] = "mix",
  seconds = duration,
): Promise<Level> {
  let i = 0;
  let peak = memoryMB(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, memoryMB(server.pid))), 100);
  // /healthz is probed from a thread of its own: this thread's event loop is busy with autocannon's
  // connections, and its delays would be charged to the server
  const prober = new Worker(HEALTH_PROBE, { eval: true, workerData: { url: `${server.url}/healthz` } });
  const health: number[] = [];
  prober.on("message", (ms: number) => health.push(ms));
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections,
        duration: seconds,
        timeout: 30,
        requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  });
  clearInterval(sampler);
  await prober.terminate();
  const codes = result.statusCodeStats as unknown as Record<string, { count: number }>;
  // (autocannon counts a timeout among its errors too)
  const total = Object.values(codes).reduce((a, c) => a + c.count, 0) + result.errors;
  const shed = codes["503"]?.count ?? 0;
  const bad =
    Object.entries(codes)
      .filter(([c]) => !/^[23]/.test(c) && c !== "503")
      .reduce((a, [, c]) => a + c.count, 0) + result.errors;
  const errorKinds: Record<string, number> = Object.fromEntries(
    Object.entries(codes)
      .filter(([c]) => !/^[23]/.test(c) && c !== "503")
      .map(([c, v]) => [c, v.count]),
  );
  if (result.timeouts) errorKinds.timeout = result.timeouts;
  if (result.errors - result.timeouts > 0) errorKinds.error = result.errors - result.timeouts;
  health.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  return {
    traffic,
    db,
    processes,
    connections,
    seconds,
    requests: total,
    rps: total / seconds,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: times.at(-1) ?? 0,
    shed,
    errors: bad,
    errorRate: total ? bad / total : 0,
    errorKinds,
    healthP99: percentile(health, 0.99),
    healthMax: health.at(-1) ?? 0,
    peakMemoryMB: Math.round(peak),
  };
}

/**
 * Waits until the database answers /readyz quickly: requests abandoned at the end of a level (their
 * connections closed) may still hold it (PGlite cannot cancel a statement), and would be charged to the next.
 */
async function drained(server: RunningServer) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const t = performance.now();
    const r = await fetch(`${server.url}/readyz`)
      .then((x) => x.arrayBuffer().then(() => x.ok))
      .catch(() => false);
    if (r && performance.now() - t < 50) return;
    await new Promise((res) => setTimeout(res, 500));
  }
}

function print(rows: Level[]) {
  console.log(
    "\n| traffic | database | processes | visitors | req/s | p50 | p95 | p99 | max | 503 (shed) | errors | /healthz p99 | peak memory |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(
      `| ${r.traffic} | ${r.db} | ${r.processes} | ${r.connections} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ${r.p99.toFixed(0)} ms | ${r.max.toFixed(0)} ms | ${r.shed} (${((r.shed / Math.max(1, r.requests)) * 100).toFixed(1)} %) | ${r.errors}${
        r.errors
          ? ` (${Object.entries(r.errorKinds)
              .map(([k, n]) => `${k}: ${n}`)
              .join(", ")})`
          : ""
      } | ${r.healthP99.toFixed(0)} ms | ${r.peakMemoryMB} MB |`,
    );
}

async function run(db: string, target: ServerTarget, open: () => Promise<Database>, mediaDir: string, processes: number[], demo: boolean) {
  if (demo) {
    // the first start loads the demo; the requests are sampled from it afterwards
    console.log(`[${db}] first start: loading the demo…`);
    const s = await startServer({ target, mediaDir, demo: true });
    await s.stop();
  }
  const database = await open();
  let paths: string[];
  try {
    paths = await mix(database, mediaDir);
  } finally {
    await database.close();
  }
  console.log(`[${db}] ${paths.length} requests in the mix (${new Set(paths).size} distinct), ${duration} s per level`);
  for (const n of processes) {
    const server = await startServer({ target, mediaDir, workers: n > 1 ? n : undefined });
    try {
      // warm: a pass over the home pages and a few searches, so the first level does not measure the start
      for (const p of paths.slice(0, 30))
        await fetch(server.url + p)
          .then((r) => r.arrayBuffer())
          .catch(() => undefined);
      for (const c of levels) {
        await drained(server);
        const r = await level(db, server, n, paths, c);
        results.push(r);
        print([r]);
      }
      await drained(server);
      const home = await level(db, server, n, ["/", "/en", "/fr"], 50, "home", homeDuration);
      results.push(home);
      print([home]);
    } finally {
      await server.stop();
    }
  }
}

await ensureBuild((m) => console.log(m));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "teca-load-"));
try {
  if (!opts.only || opts.only === "pglite") {
    const dataDir = opts.pgliteDir ?? path.join(work, "pglite");
    const mediaDir = path.join(dataDir, "media");
    const fresh = !fs.existsSync(path.join(dataDir, "pglite"));
    await run("pglite", { dataDir }, () => openDatabase({ dataDir }), mediaDir, [1], fresh);
  }
  if (!opts.only || opts.only === "postgres") {
    if (!opts.postgresDb)
      throw new Error(
        "--postgres-db NAME: the PostgreSQL catalogue to serve (make one with `npm run bench -- --only postgres --postgres-db NAME`)",
      );
    const u = new URL(opts.postgres);
    u.pathname = `/${opts.postgresDb}`;
    const databaseUrl = u.toString();
    const mediaDir = opts.mediaDir ?? path.join(work, "media");
    fs.mkdirSync(mediaDir, { recursive: true });
    await run(
      "postgres",
      { databaseUrl },
      () => openDatabase({ databaseUrl, migrate: false }),
      mediaDir,
      workers > 1 ? (opts.single ? [1, workers] : [workers]) : [1],
      false,
    );
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
print(results);
if (opts.json) fs.writeFileSync(opts.json, JSON.stringify(results, null, 2));
const failed = results.filter((r) => r.errorRate > 0);
if (failed.length) console.log(`\n${failed.length} level(s) answered errors other than 503.`);
process.exit(failed.length ? 1 : 0);
