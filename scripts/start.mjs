// `npm start`: builds the app when the build is missing or older than the
// sources, then runs the server in this same process (so its PID is the server's). On the embedded
// database (no DATABASE_URL) this process is the front (server/front.ts): it listens, answers /healthz and
// runs the app in a child process it restarts; SIGTERM/SIGINT here stop both (decision 031).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stamp = path.join(root, "build/server/index.js");

function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

// React (external to the build) picks its development build, about 1.5× slower to render, unless NODE_ENV
// says production: the catalogue runs as production unless told otherwise (its processes inherit it).
process.env.NODE_ENV ??= "production";
register();
const { logger } = await import("../app/.server/logger.ts");
const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const sources = Math.max(newest(path.join(root, "app")), newest(path.join(root, "public")), fs.statSync(path.join(root, "package.json")).mtimeMs);
if (!built || sources > built) {
  logger.info(built ? "Sources changed: building the catalogue" : "Building the catalogue (first start)");
  const t0 = performance.now();
  // Vite's own report is for developers (`npm run build` shows it): here only its errors.
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], { cwd: root, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? "");
    process.stderr.write(r.stderr ?? "");
    logger.fatal(`The build failed (exit code ${r.status}): its output is above`);
    process.exit(r.status ?? 1);
  }
  logger.info({ seconds: Number(((performance.now() - t0) / 1000).toFixed(1)) }, "Built");
}
const { startFront, usesFront } = await import("../server/front.ts");
if (usesFront()) {
  await startFront(logger);
} else {
  const { main } = await import("../server/index.ts");
  await main();
}
