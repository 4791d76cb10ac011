// npm test: builds the app, then runs the unit and integration suites (Vitest)
// and the end-to-end suite (Playwright + Chromium). Fails if any step fails.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (pkg, file) => path.join(root, "node_modules", pkg, file);
const env = { ...process.env, NODE_ENV: "test", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" };

function run(name, args, extraEnv = {}) {
  console.log(`\n▶ ${name}`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, args, { stdio: "inherit", cwd: root, env: { ...env, ...extraEnv } });
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  console.log(`${r.status === 0 ? "✔" : "✘"} ${name} (${secs} s)`);
  return r.status === 0;
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const steps = [];
// The production build: what visitors download (and what the size budget measures).
steps.push(["build", run("build", [bin("@react-router/dev", "bin.js"), "build"], { NODE_ENV: "production" })]);
if (!steps[0][1]) process.exit(1);
steps.push(["unit + integration (Vitest)", run("unit + integration (Vitest)", [bin("vitest", "vitest.mjs"), "run"])]);
if (fs.existsSync(chromium)) {
  steps.push(["end-to-end (Playwright, Chromium)", run("end-to-end (Playwright, Chromium)", [bin("@playwright/test", "cli.js"), "test"])]);
} else {
  console.error(`\n✘ Chromium not found at ${chromium}: install Debian's chromium package (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  steps.push(["end-to-end", false]);
}
const failed = steps.filter(([, ok]) => !ok);
console.log(`\n${steps.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
