import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/.server/db";

/**
 * Vitest's global setup: the migrations run once per run, not once per database a suite opens (issue 30 §5).
 *  - PGlite: a migrated in-memory database dumped to a tar file (`dumpDataDir`), which tests/setup/db.ts loads
 *    for each suite (the `loadDataDir` open option);
 *  - PostgreSQL (TEST_DATABASE_URL): a migrated database on the same server that each suite's throw-away
 *    database is created from (`create database … template …`).
 * Both are named by a hash of db/migrations and of the versions that write them, so a new migration (or a new
 * PGlite) makes new ones; an unchanged tree reuses them across runs (the tar file in node_modules/.cache, the
 * template on the server). Migrations still run on every open and find nothing to do.
 */

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Where the prepared databases and directories are kept: `TECA_CACHE_DIR` (.ci/run points it outside the
 * checkout, so that a clean clone finds what an earlier run of the same sources made), else node_modules/.cache.
 * Everything in it is named by a hash of what made it.
 */
export function cacheRoot(): string {
  return process.env.TECA_CACHE_DIR ? path.resolve(process.env.TECA_CACHE_DIR) : path.join(root, "node_modules/.cache");
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (a tar file made by `dumpDataDir`). */
    pgliteSnapshot: string;
    /** The migrated database on TEST_DATABASE_URL's server to create suites' databases from ("" without one). */
    postgresTemplate: string;
  }
}

/** A hash of every file under db/migrations and of the packages that apply and store them. */
export function migrationsHash(): string {
  const h = crypto.createHash("sha256");
  const dir = path.join(root, "db/migrations");
  const walk = (d: string): string[] =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]))
      .sort();
  for (const f of walk(dir)) h.update(path.relative(dir, f)).update("\0").update(fs.readFileSync(f)).update("\0");
  for (const pkg of ["@electric-sql/pglite", "drizzle-orm"]) {
    const { version } = JSON.parse(fs.readFileSync(path.join(root, "node_modules", pkg, "package.json"), "utf8")) as { version: string };
    h.update(`${pkg}@${version}\0`);
  }
  return h.digest("hex").slice(0, 16);
}

async function pgliteSnapshot(hash: string): Promise<string> {
  const dir = path.join(cacheRoot(), "teca-tests");
  const file = path.join(dir, `pglite-${hash}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ memory: true });
  try {
    const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
    const tar = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    // written whole, then renamed: a concurrent run never reads half a file
    const part = `${file}.${process.pid}.part`;
    fs.writeFileSync(part, tar);
    fs.renameSync(part, file);
  } finally {
    await database.close();
  }
  for (const old of fs.readdirSync(dir))
    if (old.startsWith("pglite-") && old !== path.basename(file)) fs.rmSync(path.join(dir, old), { force: true });
  return file;
}

async function postgresTemplate(serverUrl: string, hash: string): Promise<string> {
  const name = `teca_tpl_${hash}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = async (n: string) => (await admin.query("select 1 from pg_database where datname = $1", [n])).rowCount === 1;
    if (await exists(name)) return name;
    // Made under a name of its own and renamed once migrated: a concurrent run never copies half a template.
    const building = `${name}_${crypto.randomBytes(4).toString("hex")}`;
    await admin.query(`create database ${building}`);
    try {
      const u = new URL(serverUrl);
      u.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: u.toString() });
      await database.close();
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (err) {
      await admin.query(`drop database if exists ${building} with (force)`);
      if (!(await exists(name))) throw err;
    }
    // Templates of other migrations go, but for the three newest: a concurrent run of other sources (a second
    // working copy on the same server) may be about to copy one of them. One in use stays too (no force).
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'teca\\_tpl\\_%' and datname <> $1 and length(datname) = $2 order by oid desc offset 3",
      [name, name.length],
    );
    for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
    return name;
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const hash = migrationsHash();
  const url = process.env.TEST_DATABASE_URL;
  const [snapshot, template] = await Promise.all([pgliteSnapshot(hash), url ? postgresTemplate(url, hash) : Promise.resolve("")]);
  project.provide("pgliteSnapshot", snapshot);
  project.provide("postgresTemplate", template);
}
