// `npm run serve`: the built server (`npm run build` first), as production runs it. On PostgreSQL
// (DATABASE_URL), WEB_CONCURRENCY worker processes (default: one per core) share the port; the first
// prepares the database (migrations, demo) before the others start. The embedded database (PGlite) is one
// app process (a data directory has one writer) behind the front process (server/front.ts), which answers
// /healthz while the app's event loop runs a statement and restarts the app if it dies. Decision 031.
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** How many worker processes: WEB_CONCURRENCY, else the cores; always one on the embedded database. */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  if (!env.DATABASE_URL) return 1;
  const n = Number(env.WEB_CONCURRENCY);
  return Number.isInteger(n) && n > 0 ? n : os.availableParallelism();
}

async function primary(count: number) {
  let stopping = false;
  const started = new Set<number>();
  const fork = (first: boolean) => {
    const worker = cluster.fork(first ? {} : { TECA_DEMO: "0" });
    worker.once("listening", () => started.add(worker.id));
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      if (!started.has(worker.id) && first) {
        // the first one could not start (no build, database unreachable…): its message is above
        console.error(`The server could not start (exit code ${code ?? signal}).`);
        process.exit(code || 1);
      }
      console.error(`Worker ${worker.process.pid} stopped (${code ?? signal}); starting another.`);
      setTimeout(() => fork(false), 1000).unref();
    });
    return worker;
  };
  const first = fork(true);
  await new Promise<void>((resolve) => first.once("listening", () => resolve()));
  for (let i = 1; i < count; i++) fork(false);
  console.log(`Teca: ${count} worker processes on PostgreSQL (WEB_CONCURRENCY).`);
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    if (!workers.length) process.exit(0);
    let left = workers.length;
    for (const w of workers) {
      w!.once("exit", () => --left === 0 && process.exit(0));
      w!.process.kill("SIGTERM");
    }
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const count = workerCount();
  const { usesFront, startFront } = await import("./front");
  if (cluster.isPrimary && count > 1) {
    await primary(count);
  } else if (usesFront()) {
    await startFront((await import("../app/.server/logger")).logger);
  } else {
    const { main } = await import("./index");
    await main().catch((err) => {
      console.error(err);
      process.exit(1);
    });
  }
}
