// The server of the end-to-end suite (playwright.config.ts starts it): the built server (build/node, built
// first when missing or older than the sources, as `npm start` does) on a copy of a seeded data directory.
// The seeded directory (migrations, the demo archive, the specs' users: scripts/e2e-seed.ts, in one database
// open) is cached in node_modules/.cache/teca-e2e/ under a hash of what makes it: the demo generator, the
// importer, the migrations, the seed script and PGlite's version. Each run copies it to a fresh DATA_DIR, so
// the tests start from the same state every time. Decision 089. `--prepare` only makes the cached directory.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildDir, buildStale, root } from "./build.mjs";

const t0 = performance.now();
const seconds = () => ((performance.now() - t0) / 1000).toFixed(1);
const dir = path.resolve(process.env.DATA_DIR ?? "./data-e2e");

/** Every file under these paths (relative to the checkout), sorted. */
function filesOf(...paths) {
  const out = [];
  const walk = (p) => {
    const abs = path.join(root, p);
    if (!fs.existsSync(abs)) return;
    if (fs.statSync(abs).isDirectory()) for (const e of fs.readdirSync(abs).sort()) walk(path.join(p, e));
    else out.push(p);
  };
  for (const p of paths) walk(p);
  return out;
}

/** The seeded directory's key: what it is made from (the generator, importer and migrations) and of. */
function seedKey() {
  const hash = crypto.createHash("sha256");
  // (generous: the accounts the seed creates, the services and helpers the load goes through, so that a cache kept
  // across checkouts, TECA_CACHE_DIR, never serves a directory older sources made)
  const sources = ["app/features/demo", "app/features/catalogue", "app/features/accounts", "app/features/search", "app/features/site"];
  for (const f of filesOf(...sources, "app/features/records", "app/.server", "app/lib", "db/migrations", "scripts/e2e-seed.ts")) {
    if (/\.test\.tsx?$/.test(f)) continue;
    hash
      .update(`${f}\0`)
      .update(fs.readFileSync(path.join(root, f)))
      .update("\0");
  }
  const pglite = JSON.parse(fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"));
  hash.update(`pglite ${pglite.version}`);
  return hash.digest("hex").slice(0, 16);
}

const cacheRoot = process.env.TECA_E2E_CACHE
  ? path.resolve(process.env.TECA_E2E_CACHE)
  : path.join(process.env.TECA_CACHE_DIR ? path.resolve(process.env.TECA_CACHE_DIR) : path.join(root, "node_modules/.cache"), "teca-e2e");
const cached = path.join(cacheRoot, seedKey());
if (fs.existsSync(cached)) console.error(`e2e: seeded data directory from the cache (${path.relative(root, cached)})`);
else {
  // Seeded beside the cache, then renamed into it: a run that stops half-way leaves no half directory behind, and
  // two runs (two working copies share node_modules) that seed at once both end with one complete copy.
  fs.mkdirSync(cacheRoot, { recursive: true });
  const scratch = `${cached}.${process.pid}.tmp`;
  fs.rmSync(scratch, { recursive: true, force: true });
  const seeded = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/e2e-seed.ts")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATA_DIR: scratch, DATABASE_URL: "", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
  });
  if (seeded.status !== 0) {
    fs.rmSync(scratch, { recursive: true, force: true });
    console.error(`e2e: seeding the data directory failed (exit code ${seeded.status ?? seeded.signal})`);
    process.exit(1);
  }
  try {
    fs.renameSync(scratch, cached);
  } catch {
    fs.rmSync(scratch, { recursive: true, force: true }); // another run put the same one there first
  }
  // Older keys are of older sources: keep the two last used (another working copy may be on the other one).
  const entries = fs
    .readdirSync(cacheRoot)
    .filter((e) => !e.endsWith(".tmp"))
    .map((e) => ({ e, t: fs.statSync(path.join(cacheRoot, e)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { e } of entries.slice(2))
    if (path.join(cacheRoot, e) !== cached) fs.rmSync(path.join(cacheRoot, e), { recursive: true, force: true });
}
const now = new Date();
fs.utimesSync(cached, now, now);
// `--prepare`: only the cached seeded directory (npm test makes it while the Vitest suites run).
if (process.argv.includes("--prepare")) {
  console.error(`e2e: seeded data directory prepared (${seconds()} s)`);
  process.exit(0);
}
fs.rmSync(dir, { recursive: true, force: true });
fs.cpSync(cached, dir, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
console.error(`e2e: data directory ready in ${dir} (${seconds()} s)`);

// The built server, as `npm start` runs it: built first when its sources are newer.
const built = await buildStale({ quiet: true });
if (built.app || built.server) console.error(`e2e: built ${built.app ? "the app and " : ""}the server (${seconds()} s)`);

// The header links Cataloga (LOGIN_BACKEND) only when a back end is configured (tests/e2e/users.spec.ts).
process.env.BACKEND_URL ??= "/cataloga";
// tests/e2e/oidc.spec.ts: single sign-on against the OpenID provider that spec starts on PORT + 10000 (the
// configuration is read at each request, so the provider may start after the server).
process.env.OIDC_ISSUER ??= `http://127.0.0.1:${Number(process.env.PORT ?? 3100) + 10000}`;
process.env.OIDC_CLIENT_ID ??= "teca-e2e";
process.env.OIDC_CLIENT_SECRET ??= "teca-e2e-secret";
process.env.OIDC_ALLOW_HTTP ??= "1"; // test only: the local provider speaks http
process.env.OIDC_ROLE_MAP ??= "archivio-admin:Amministratore,staff:Catalogatore";
process.env.OIDC_LABEL ??= "Archivio ID";
// The specs sign in without the bot check; tests/e2e/bot-check.spec.ts starts its own server with the
// default (ALTCHA) and signs in through the widget.
process.env.BOT_CHECK ??= "off";
// The load limiter answers 503 to a request that waited 10 s for its turn (server/guard.ts): right for a site, but
// four browsers and the server on two loaded cores can queue a request that long, and a pin or a save answered
// 503 then reads as a failed test. The limiter has its own tests (tests/faults); here it only waits longer.
process.env.QUEUE_WAIT_MS ??= "60000";
// As production runs (npm start, npm run serve): React's production build, React Router's production mode.
process.env.NODE_ENV = "production";
process.env.DATA_DIR = dir;
// The app process of the compiled server (server/app-entry.ts) listens on PORT itself (no front: one process).
await import(pathToFileURL(path.join(buildDir, "node/app.js")).href);
