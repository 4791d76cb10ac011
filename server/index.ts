import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { backgroundSettled } from "../app/.server/background";
import { openDatabase, type Database } from "../app/.server/db";
import { DatabaseLockedError } from "../app/.server/db-lock";
import { readEnv } from "../app/.server/env";
import { logger } from "../app/.server/logger";
import { isEntry, root } from "../app/.server/root";
import { createApp } from "./app";
import { recoverInterrupted } from "../app/features/catalogue/loads.server";
import { ensureDemo, prepareDemo, type PreparedDemo } from "../app/features/demo/load.server";
import { countUsers } from "../app/features/accounts/accounts.server";
import { buildDir } from "./build-dir";
import { scheduleAlerts } from "../app/features/saved-searches/alerts.server";
import { APP_SLOT_ENV, APP_SOCKET_ENV, HEARTBEAT_MS, serveHandedConnections, type AppMessage } from "./front";

/** Starts the catalogue: database (migrated, demo loaded when empty), then HTTP. */
export async function main() {
  const env = readEnv();
  const serverBuild = path.join(buildDir, "server/index.js");
  if (!fs.existsSync(serverBuild)) {
    logger.fatal("No build found: run `npm run build` (or `npm start`, which builds first).");
    process.exit(1);
  }
  let database: Database;
  const mediaDir = env.mediaDir ?? path.join(env.dataDir, "media");
  const demo = {
    mediaDir,
    workDir: path.join(env.dataDir, "demo"),
    logger,
    imageCache: env.demoImageCache === null ? undefined : (env.demoImageCache ?? path.join(root, "node_modules/.cache/teca/demo-images")),
  };
  // A fresh embedded database will get the demo: its pictures are drawn (sharp's threads) while the main
  // thread creates the database, once this process holds the data directory.
  const fresh = env.loadDemo && !env.databaseUrl && !fs.existsSync(path.join(env.dataDir, "pglite"));
  let prepared: PreparedDemo | undefined;
  try {
    const t0 = performance.now();
    logger.info(
      env.databaseUrl
        ? "Connecting to PostgreSQL and applying migrations"
        : `${fresh ? "Creating" : "Opening"} the embedded database in ${env.dataDir} and applying migrations`,
    );
    database = await openDatabase({
      databaseUrl: env.databaseUrl,
      readUrl: env.databaseReadUrl,
      dataDir: env.dataDir,
      onLocked: fresh ? () => (prepared = prepareDemo(demo)) : undefined,
    });
    logger.info({ seconds: Number(((performance.now() - t0) / 1000).toFixed(1)) }, "Database ready");
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      logger.fatal({ owner: err.owner }, err.message);
      process.exit(1);
    }
    throw err;
  }
  // The app's build is loaded now (a few seconds of compiling, more through tsx): on a first start its loading
  // fills the time the demo load waits for its pictures, rather than following the load.
  const loadingBuild = import(serverBuild) as Promise<ServerBuild>;
  loadingBuild.catch(() => {}); // awaited below
  fs.mkdirSync(mediaDir, { recursive: true });
  await recoverInterrupted({ database }, mediaDir, logger);
  if (env.loadDemo) await ensureDemo({ database }, { ...demo, prepared });

  // Migrations, recovery and the demo load run unbounded; the requests' statements are bounded (PostgreSQL).
  if (env.databaseUrl && env.statementTimeoutMs > 0) {
    await database.close();
    database = await openDatabase({
      databaseUrl: env.databaseUrl,
      readUrl: env.databaseReadUrl,
      migrate: false,
      statementTimeoutMs: env.statementTimeoutMs,
    });
  }

  // One line, from the first app of the front or the first worker of a cluster (server/serve.ts) only.
  const firstApp = cluster.isWorker ? cluster.worker?.id === 1 : (process.env[APP_SLOT_ENV] ?? "1") === "1";
  if (firstApp && (await countUsers({ database })) === 0)
    logger.info(
      "No user yet: create the first administrator with `npm run user -- add --email you@example.org --role Amministratore --password-stdin`",
    );

  // Under the front process (server/front.ts, PGlite): listen on its private socket, say when ready, heartbeat.
  const socket = process.send ? process.env[APP_SOCKET_ENV] : undefined;
  const build = await loadingBuild;
  const app = createApp({
    behindFront: Boolean(socket),
    database,
    build,
    clientDir: path.join(buildDir, "client"),
    publicDir: path.join(root, "public"),
    mediaDir,
    logger,
  });
  const listening = () => {
    const url = `http://${env.host}:${env.port}`;
    logger.info(
      { url, database: database.kind },
      `Teca is listening at ${url} (${database.kind === "pglite" ? `embedded database in ${env.dataDir}` : "PostgreSQL"})`,
    );
  };
  let heartbeat: NodeJS.Timeout | undefined;
  let handed: ReturnType<typeof serveHandedConnections> | undefined;
  const server = socket
    ? // a long queue of connections: while a statement holds this event loop, the front's keep arriving
      http.createServer(app).listen({ path: socket, backlog: 4096 }, () => {
        const send = (m: AppMessage) => process.connected && process.send!(m);
        send({ type: "ready", pid: process.pid, database: database.kind });
        heartbeat = setInterval(
          () => send({ type: "alive", requests: app.locals.requestStats(), connections: handed?.count() ?? 0 }),
          HEARTBEAT_MS,
        );
        listening();
      })
    : app.listen(env.port, env.host, listening);
  // the visitors' connections the front hands over (server/front.ts)
  if (socket) handed = serveHandedConnections(server, process.env.TRUST_PROXY === "1");
  // The front keeps its connections to the app open: longer than its own 30 s, so it never reuses a closed one.
  // Alone on its port (TECA_FRONT=0, the compiled app process) the same: with Node's 5 s a client that reuses an
  // idle connection just as the server closes it gets a reset (an API client does not retry; seen in the e2e suite).
  server.keepAliveTimeout = 65_000;

  // Saved-search alerts on a schedule (ALERTS=1, decision 062): one runner per database (advisory lock).
  const stopAlerts =
    process.env.ALERTS === "1"
      ? scheduleAlerts({ database }, { origin: env.publicUrl ?? `http://${env.host}:${env.port}`, log: logger })
      : () => {};

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopAlerts();
    clearInterval(heartbeat);
    logger.info({ signal }, "shutting down");
    server.close();
    const force = setTimeout(() => server.closeAllConnections(), 5000);
    force.unref();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.on("close", () => resolve()));
    await handed?.drained();
    // mails and an alerts run under way finish before the database closes (a console job does not: it is
    // long, and recorded as interrupted when the server starts again)
    await backgroundSettled(["mail", "alerts"]);
    await database.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  // the front is gone (killed): nobody can reach this process any more
  if (socket) process.on("disconnect", () => void stop("disconnect"));
  return server;
}

/** Runs main() as a process's whole work: a failure to start is logged and ends the process. */
export function runMain() {
  main().catch((err) => {
    logger.fatal({ err }, "failed to start");
    process.exit(1);
  });
}

if (isEntry(import.meta.url)) runMain();
