// The built server as a child process for the benchmark: built first when
// stale (as `npm start` decides), started with `node scripts/start.mjs` (or
// `scripts/serve.mjs` with several apps) on the database it is given, stopped at the end.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { buildStale } from "../build.mjs";

export const root = path.resolve(import.meta.dirname, "../..");

/** Builds what is missing or older than the sources (the app, the compiled server: scripts/build.mjs, as `npm start` decides). */
export async function ensureBuild(log: (m: string) => void) {
  const t0 = performance.now();
  const built = await buildStale({ quiet: true, log });
  if (built.app || built.server) log(`  built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** A TCP port nobody listens on right now. */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on("error", reject);
    s.listen(0, host, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export type ServerTarget = { databaseUrl: string } | { dataDir: string };

export type RunningServer = {
  url: string;
  pid: number;
  /** The server's last output lines (its log), for error reports. */
  output: () => string[];
  stop: () => Promise<void>;
};

/**
 * Starts `node scripts/start.mjs` (or `scripts/serve.mjs` with workers) on the given database (DATABASE_URL, or
 * DATA_DIR for PGlite): its front process and the app processes behind it, `pid` being the front's, and media
 * directory, on a free port of 127.0.0.1, and waits until /healthz answers 200.
 */
export async function startServer(opts: {
  target: ServerTarget;
  mediaDir: string;
  verbose?: boolean;
  timeoutMs?: number;
  /** Load the demo archive when the catalogue is empty (the first start of `npm start`). */
  demo?: boolean;
  /** PostgreSQL: run `npm run serve` with this many app processes (else `npm start` with one). */
  workers?: number;
  /** More environment for the server (e.g. TECA_FRONT=0: PGlite without the front process). */
  env?: NodeJS.ProcessEnv;
}): Promise<RunningServer> {
  const host = "127.0.0.1";
  const port = await freePort(host);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: host,
    PORT: String(port),
    MEDIA_DIR: opts.mediaDir,
    TECA_DEMO: opts.demo ? "1" : "0",
    NODE_ENV: "production",
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    ...opts.env,
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if ("databaseUrl" in opts.target) env.DATABASE_URL = opts.target.databaseUrl;
  else env.DATA_DIR = opts.target.dataDir;

  // one app process unless told (the front runs WEB_CONCURRENCY of them on PostgreSQL, default: the cores)
  env.WEB_CONCURRENCY = String(opts.workers ?? 1);
  // the compiled server with plain Node, as production runs it (scripts/build.mjs); BENCH_FROM_SOURCES=1: the
  // sources through tsx (as before decision 032), for a comparison
  const args =
    process.env.BENCH_FROM_SOURCES === "1"
      ? ["--import", "tsx", path.join(root, "server/serve.ts")]
      : [path.join(root, opts.workers ? "scripts/serve.mjs" : "scripts/start.mjs")];
  const child: ChildProcess = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > 400) lines.shift();
      if (opts.verbose) console.log(`    [server] ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`);
    }
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exit = new Promise<void>((resolve) =>
    child.on("exit", (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );

  const stop = async () => {
    if (exited) return;
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exit;
    clearTimeout(killer);
  };

  const url = `http://${host}:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 300_000);
  for (;;) {
    if (exited) {
      const e = exited as { code: number | null; signal: NodeJS.Signals | null };
      throw new Error(`the server exited before answering /healthz (code ${e.code}, signal ${e.signal}):\n${lines.slice(-30).join("\n")}`);
    }
    try {
      const r = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) });
      await r.arrayBuffer();
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the server did not answer /healthz within ${Math.round((opts.timeoutMs ?? 300_000) / 1000)} s:\n${lines.slice(-30).join("\n")}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: child.pid!, output: () => [...lines], stop };
}
