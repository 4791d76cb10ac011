// `npm start`: builds what is missing or older than the sources (the app, and the compiled server in
// build/node: scripts/build.mjs), then runs the compiled server in this same process (so its PID is the
// server's), with plain Node. On either database this process is the front (server/front.ts) unless
// TECA_FRONT=0: it listens, answers /healthz and runs the app in child processes it restarts; SIGTERM/SIGINT
// here stop them all (decision 031).
import { pathToFileURL } from "node:url";
import { buildApp, buildServer, serverEntry, staleParts } from "./build.mjs";

// React (external to the build) picks its development build, about 1.5× slower to render, unless NODE_ENV
// says production: the catalogue runs as production unless told otherwise (its processes inherit it).
process.env.NODE_ENV ??= "production";
const stale = staleParts();
// the compiled server first (about a second): the log below is its logger
if (stale.server || stale.app) {
  try {
    await buildServer();
  } catch (err) {
    console.error(`The server's build failed: ${err.message}`);
    process.exit(1);
  }
}
const server = await import(pathToFileURL(serverEntry).href);
const logger = await server.loadLogger();
if (stale.app) {
  logger.info(stale.anyBuild ? "Sources changed: building the catalogue" : "Building the catalogue (first start)");
  const t0 = performance.now();
  try {
    // Vite's own report is for developers (`npm run build` shows it): here only its errors.
    buildApp({ quiet: true });
    // React Router's build empties build/, the compiled server too: the same files again (esbuild's output is
    // deterministic, so the modules this process loaded from it already are those)
    await buildServer();
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    logger.fatal("The build failed: its output is above");
    process.exit(err.exitCode ?? 1);
  }
  logger.info({ seconds: Number(((performance.now() - t0) / 1000).toFixed(1)) }, "Built");
}
await server.start();
