// `npm run build`: the app (React Router + Vite: build/client, build/server) and the compiled server
// (esbuild: build/node — the front, the app process and the demo's preparation worker as plain JavaScript,
// so that production runs without tsx's loader thread and compiler, about 50 MB a process). Also used by
// `npm start`, `npm test` and the benchmarks, which build when the build is missing or older than the sources.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Where the build goes: build/, or TECA_BUILD_DIR (react-router.config.ts and server/build-dir.ts read it too). */
export const buildDir = process.env.TECA_BUILD_DIR ? path.resolve(process.env.TECA_BUILD_DIR) : path.join(root, "build");
/** The compiled server's entries. */
export const serverEntry = path.join(buildDir, "node/serve.js");
const appStamp = path.join(buildDir, "server/index.js");

function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/**
 * What is missing or older than its sources: `app` (app/, public/, package.json) and `server` (the compiled
 * server: server/, app/, db/, package.json).
 */
export function staleParts() {
  // (app/ is read once: it is most of the files walked, on every start)
  const shared = Math.max(newest(path.join(root, "app")), fs.statSync(path.join(root, "package.json")).mtimeMs);
  const appSources = Math.max(shared, newest(path.join(root, "public")));
  const serverSources = Math.max(shared, newest(path.join(root, "server")), newest(path.join(root, "db")));
  const app = mtime(appStamp);
  const server = mtime(serverEntry);
  return { app: !app || appSources > app, server: !server || serverSources > server, anyBuild: Boolean(app || server) };
}

/** The app's build (React Router + Vite), in a child process. Output shown (`inherit`) or kept for an error. */
export function buildApp({ quiet = false } = {}) {
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    encoding: "utf8",
    stdio: quiet ? "pipe" : "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) {
    const output = quiet ? `${r.stdout ?? ""}\n${r.stderr ?? ""}`.trim() : "";
    throw Object.assign(new Error(`The app's build failed (exit code ${r.status})${output ? `:\n${output}` : ""}`), {
      exitCode: r.status ?? 1,
    });
  }
}

/**
 * The compiled server: server/serve.ts (the front, `npm run serve`), server/app-entry.ts (the app process) and
 * the demo's preparation worker, bundled by esbuild with their packages left as imports (node_modules), split
 * into shared chunks so that the front loads only what it runs. Every file lands in build/node itself, so that
 * app/.server/root.ts finds the checkout from any of them.
 */
export async function buildServer() {
  const esbuild = await import("esbuild");
  const outdir = path.join(buildDir, "node");
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      serve: "server/serve.ts",
      app: "server/app-entry.ts",
      "prepare.worker": "app/features/demo/prepare.worker.ts",
    },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    chunkNames: "[name]-[hash]",
    sourcemap: true,
    define: { __TECA_ROOT_FROM_BUNDLE__: JSON.stringify(path.relative(outdir, root) || ".") },
    logLevel: "error",
  });
}

/** Builds what is stale (both when `force`). Answers what it built. */
export async function buildStale({ force = false, quiet = false, log = () => {} } = {}) {
  const stale = force ? { app: true, server: true, anyBuild: true } : staleParts();
  if (stale.app) {
    log(stale.anyBuild ? "Sources changed: building the catalogue" : "Building the catalogue (first start)");
    buildApp({ quiet });
  }
  // (after the app: React Router's build empties build/)
  if (stale.server || stale.app) await buildServer();
  return { app: stale.app, server: stale.server || stale.app };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const t0 = performance.now();
    await buildStale({ force: true });
    console.log(`Built the app and the compiled server (build/node) in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
  } catch (err) {
    console.error(err.message);
    process.exit(err.exitCode ?? 1);
  }
}
