// `npm run serve`: the built server (`npm run build` first), as production runs it. The front process
// (server/front.ts) listens on the port, answers /healthz from memory and hands every other connection to an
// app process, which it restarts when it dies: one app on the embedded database (PGlite: a data directory has
// one writer), WEB_CONCURRENCY (default: one per core) on PostgreSQL (DATABASE_URL). TECA_FRONT=0 runs the app
// alone on PGlite, or WEB_CONCURRENCY workers of node:cluster sharing the port on PostgreSQL; either way the
// first prepares the database (migrations, demo) before the others start. Decision 031.
import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

/**
 * `npm run serve`: the front (TECA_FRONT, default), else on PostgreSQL WEB_CONCURRENCY cluster workers, else the
 * app alone in this process (a cluster worker is always the app).
 */
export async function serve() {
  // React (external to the build) picks its development build, about 1.5× slower to render, unless NODE_ENV
  // says production: the built server runs as production unless told otherwise (its processes inherit it).
  process.env.NODE_ENV ??= "production";
  const { usesFront, startFront, workerCount } = await import("./front");
  const count = workerCount();
  if (cluster.isPrimary && usesFront()) {
    await startFront((await import("../app/.server/logger")).logger);
  } else if (cluster.isPrimary && count > 1) {
    await primary(count);
  } else {
    const { main } = await import("./index");
    await main().catch((err) => {
      console.error(err);
      process.exit(1);
    });
  }
}

/**
 * `npm start` (scripts/start.mjs, which sets NODE_ENV, after building): the front (TECA_FRONT, default), else the app alone in this
 * process, on either database.
 */
export async function start() {
  const { startFront, usesFront } = await import("./front");
  const { logger } = await import("../app/.server/logger");
  if (usesFront()) await startFront(logger);
  else await (await import("./index")).main();
}

/** The log (for scripts/start.mjs's build messages). */
export async function loadLogger() {
  return (await import("../app/.server/logger")).logger;
}

// `node build/node/serve.js` (the compiled server) or `node --import tsx server/serve.ts` (tests)
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await serve();
