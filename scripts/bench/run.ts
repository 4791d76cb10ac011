// Sends the benchmark's requests over HTTP and summarises their times.
import { CLASSES, type BenchRequest } from "./sample";

export type Timing = BenchRequest & { ms: number; status: number; bytes: number; error?: string };

/** Fetches one request and reads its whole body; a network error or time-out counts as status 0. */
async function timed(base: string, req: BenchRequest, n: number, timeoutMs: number): Promise<Timing> {
  const start = performance.now();
  try {
    const res = await fetch(base + req.path, {
      redirect: "manual",
      headers: { "x-request-id": `bench-${n}`, accept: req.api ? "application/json" : "text/html" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await res.arrayBuffer();
    return { ...req, ms: performance.now() - start, status: res.status, bytes: body.byteLength };
  } catch (err) {
    return { ...req, ms: performance.now() - start, status: 0, bytes: 0, error: (err as Error).message };
  }
}

let counter = 0;

/** Runs the requests with `concurrency` in flight, in order; prints each one with --verbose. */
export async function runPass(
  base: string,
  requests: BenchRequest[],
  opts: { concurrency: number; verbose?: boolean; label: string; timeoutMs?: number },
): Promise<{ timings: Timing[]; seconds: number }> {
  const timings: Timing[] = new Array(requests.length);
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= requests.length) return;
      const t = await timed(base, requests[i]!, ++counter, opts.timeoutMs ?? 30_000);
      timings[i] = t;
      if (opts.verbose)
        console.log(
          `    ${opts.label} ${t.ms.toFixed(0).padStart(6)} ms  ${String(t.status || "ERR").padEnd(3)} ${t.cls.padEnd(13)} ${(t.bytes / 1024).toFixed(0).padStart(4)} KB  ${t.path}${t.error ? `  (${t.error})` : ""}`,
        );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, worker));
  return { timings, seconds: (performance.now() - t0) / 1000 };
}

export const ok = (t: Timing) => t.status >= 200 && t.status < 300;

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export type Stats = { n: number; failed: number; p50: number; p95: number; max: number };

/** Percentiles of the requests that answered 2xx (failures are counted and listed, not timed). */
export function stats(ts: Timing[]): Stats {
  const ms = ts
    .filter(ok)
    .map((t) => t.ms)
    .sort((a, b) => a - b);
  return {
    n: ts.length,
    failed: ts.filter((t) => !ok(t)).length,
    p50: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    max: ms.at(-1) ?? NaN,
  };
}

export type PassSummary = {
  name: string;
  concurrency: number;
  seconds: number;
  requestsPerSecond: number;
  classes: Record<string, Stats>;
  /** Every request but record pages. */
  searches: Stats;
  /** Searches on the HTML page and on the JSON endpoint. */
  html: Stats;
  api: Stats;
  all: Stats;
  slowest: { ms: number; status: number; cls: string; path: string }[];
  failures: { status: number; cls: string; path: string; error?: string }[];
};

export function summarise(name: string, concurrency: number, run: { timings: Timing[]; seconds: number }): PassSummary {
  const ts = run.timings;
  const classes: Record<string, Stats> = {};
  for (const c of CLASSES) {
    const xs = ts.filter((t) => t.cls === c);
    if (xs.length) classes[c] = stats(xs);
  }
  const searches = ts.filter((t) => t.cls !== "record");
  return {
    name,
    concurrency,
    seconds: run.seconds,
    requestsPerSecond: ts.length / run.seconds,
    classes,
    searches: stats(searches),
    html: stats(searches.filter((t) => !t.api)),
    api: stats(searches.filter((t) => t.api)),
    all: stats(ts),
    slowest: [...ts]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((t) => ({ ms: Math.round(t.ms), status: t.status, cls: t.cls, path: t.path })),
    failures: ts.filter((t) => !ok(t)).map((t) => ({ status: t.status, cls: t.cls, path: t.path, ...(t.error ? { error: t.error } : {}) })),
  };
}

const f = (x: number) => (Number.isNaN(x) ? "–" : x >= 100 ? `${Math.round(x).toLocaleString("en")}` : x.toFixed(1));

/** Prints a pass as a table: one row per class, then searches (page / JSON) and all requests. */
export function printPass(db: string, s: PassSummary) {
  console.log(
    `\n  ${s.name}: ${s.all.n} requests, concurrency ${s.concurrency}, ${s.seconds.toFixed(1)} s (${s.requestsPerSecond.toFixed(1)} requests/s) — ms, requests that answered 2xx`,
  );
  console.log("  | class | n | p50 | p95 | max | failed |");
  console.log("  |---|---|---|---|---|---|");
  const row = (name: string, x: Stats) =>
    console.log(`  | ${name} | ${x.n} | ${f(x.p50)} | ${f(x.p95)} | ${f(x.max)} | ${x.failed || ""} |`);
  for (const [c, x] of Object.entries(s.classes)) row(c, x);
  row("**searches**", s.searches);
  row("searches, /cerca pages", s.html);
  row("searches, /api/public/search", s.api);
  row("**all**", s.all);
  console.log(`  slowest: ${s.slowest.map((x) => `${x.ms} ms ${x.cls} ${x.path}`).join("\n           ")}`);
  if (s.failures.length) {
    console.log(`  FAILED (${s.failures.length}) on ${db}:`);
    for (const x of s.failures.slice(0, 30)) console.log(`    ${x.status || "ERR"} ${x.cls} ${x.path}${x.error ? ` (${x.error})` : ""}`);
    if (s.failures.length > 30) console.log(`    … and ${s.failures.length - 30} more`);
  }
}
