import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "../../app/.server/db";
import { ensureDemo } from "../../app/features/demo/load.server";
import { tempDir } from "../factories/records";
import { cacheRoot, migrationsHash } from "./global";
import { openMemoryDatabase, provided, scratchPostgres, type TestDb } from "./db";

/**
 * The demo catalogue as data, loaded once and reused (issue 30 §5, decision 088 "Later"): for suites that need
 * the demo archive in the database (oai-harvest), not for those testing its load (faults/demo, demo/generate).
 *  - PGlite: the loaded in-memory database dumped to `demo-<hash>.tar` in node_modules/.cache/teca-tests, beside
 *    `demo-<hash>-media.tar`, the media store the load derived (named by content: the same for either database);
 *  - PostgreSQL: a database `teca_demo_<hash>` on TEST_DATABASE_URL's server, the template of each suite's copy.
 * `<hash>` covers the migrations and what makes the demo (generator, importer, search documents, site options,
 * media derivation, the packages that store it), so a change there loads it again; an unchanged tree reuses
 * both across runs. Made lazily by the first suite asking, under a name of its own and renamed when complete,
 * so concurrent runs never read half of one.
 */

const root = path.resolve(import.meta.dirname, "../..");
const cacheDir = path.join(cacheRoot(), "teca-tests");
/** The demo as the suites load it: the archive of npm start, fewer drawn images (they cost time, not records). */
const DEMO = { images: 10 } as const;
const quiet = { info() {}, warn() {} };

/**
 * A hash of the migrations, of the sources that make a prepared catalogue (generator, importers, search
 * documents, site options, media derivation), of the packages that store it, and of `extra`.
 */
function sourcesHash(extra: (string | Buffer)[]): string {
  const h = crypto.createHash("sha256").update(migrationsHash());
  const walk = (d: string): string[] =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]))
      .sort();
  const sources = [
    "app/features/demo",
    "app/features/catalogue",
    "app/features/search",
    "app/features/site",
    "app/features/records",
    "app/.server",
    "app/lib",
  ].flatMap((d) => walk(path.join(root, d)));
  for (const f of [...sources, path.join(root, "tests/setup/demo.ts")].filter((f) => !f.endsWith(".test.ts")))
    h.update(path.relative(root, f)).update("\0").update(fs.readFileSync(f)).update("\0");
  for (const pkg of ["sharp"]) {
    const { version } = JSON.parse(fs.readFileSync(path.join(root, "node_modules", pkg, "package.json"), "utf8")) as { version: string };
    h.update(`${pkg}@${version}\0`);
  }
  for (const x of extra) h.update(x).update("\0");
  return h.digest("hex").slice(0, 16);
}

let hashOnce: string | undefined;
/** What the prepared demo depends on. */
const hash = () => (hashOnce ??= sourcesHash([JSON.stringify(DEMO)]));

/** Writes `data` to `file` whole (a temporary name, then renamed). */
function writeWhole(file: string, data: Buffer) {
  const part = `${file}.${process.pid}.${crypto.randomBytes(3).toString("hex")}.part`;
  fs.writeFileSync(part, data);
  fs.renameSync(part, file);
}

/** Loads the demo into `database`, deriving its pictures into `store`. */
async function loadDemo(database: Database, store: string) {
  const work = tempDir("teca-demo-");
  try {
    const loaded = await ensureDemo(
      { database },
      { mediaDir: store, workDir: path.join(work, "work"), logger: quiet, tty: false, ...DEMO },
    );
    if (!loaded) throw new Error("the prepared demo: ensureDemo loaded nothing");
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * `<name>-<key>.tar` in the cache: an in-memory PGlite (migrated) that `build` filled, dumped; made when absent,
 * with `<name>-<key>-media.tar` when `build` fills the media store it is given. Older keys of `name` go.
 */
async function cachedPglite(name: string, key: string, build: (database: Database, store: string) => Promise<void>, withMedia = false) {
  const data = path.join(cacheDir, `${name}-${key}.tar`);
  const media = path.join(cacheDir, `${name}-${key}-media.tar`);
  if (fs.existsSync(data) && (!withMedia || fs.existsSync(media))) return { data, media };
  fs.mkdirSync(cacheDir, { recursive: true });
  const store = tempDir("teca-prepared-store-");
  const database = await openMemoryDatabase();
  try {
    await build(database, store);
    const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
    const tar = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    if (withMedia) writeWhole(media, execFileSync("tar", ["-cf", "-", "-C", store, "."], { maxBuffer: 1 << 30 }));
    writeWhole(data, tar);
  } finally {
    await database.close();
    fs.rmSync(store, { recursive: true, force: true });
  }
  for (const old of fs.readdirSync(cacheDir))
    if (old.startsWith(`${name}-`) && !old.startsWith(`${name}-${key}`) && /^[0-9a-f]{16}(-media)?\.tar$/.test(old.slice(name.length + 1)))
      fs.rmSync(path.join(cacheDir, old), { force: true });
  return { data, media };
}

/** The PGlite demo snapshot and its media store (tar files), made when absent. */
const pgliteDemo = () => cachedPglite("demo", hash(), loadDemo, true);

/** The PostgreSQL demo template on `serverUrl`, made (from the run's migrated template) when absent. */
async function postgresDemo(serverUrl: string): Promise<string> {
  const name = `teca_demo_${hash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = async (n: string) => (await admin.query("select 1 from pg_database where datname = $1", [n])).rowCount === 1;
    if (await exists(name)) return name;
    const building = `${name}_${crypto.randomBytes(4).toString("hex")}`;
    const template = provided("postgresTemplate");
    await admin.query(`create database ${building}${template ? ` template ${template}` : ""}`);
    const store = tempDir("teca-demo-store-");
    try {
      const u = new URL(serverUrl);
      u.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: u.toString() });
      try {
        await loadDemo(database, store);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (err) {
      await admin.query(`drop database if exists ${building} with (force)`);
      if (!(await exists(name))) throw err; // else a concurrent run made it first
    } finally {
      fs.rmSync(store, { recursive: true, force: true });
    }
    // Demos of other sources go, but for the three newest (a concurrent run of other sources may be about to copy
    // one of them); one in use stays too (no force).
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'teca\\_demo\\_%' and datname <> $1 and length(datname) = $2 order by oid desc offset 3",
      [name, name.length],
    );
    for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * A database of `target` holding the loaded demo catalogue (a copy of this run's prepared one: the suite may
 * write to it), and `store`, a fresh media store holding its derived pictures. `drop()` removes both.
 */
export async function openDemo(target: TestDb) {
  const { data, media } = await pgliteDemo();
  const store = tempDir("teca-demo-store-");
  execFileSync("tar", ["-xf", media, "-C", store], { stdio: ["ignore", "ignore", "pipe"] });
  const cleanup = () => fs.rmSync(store, { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (target.name === "postgres" && url) {
    const scratch = await scratchPostgres(url, "teca_t", { template: await postgresDemo(url) });
    const db = await openDatabase({ databaseUrl: scratch.url });
    const drop = async () => {
      await db.close();
      await scratch.drop();
    };
    return { db, store, drop: () => drop().finally(cleanup) };
  }
  const database = await openDatabase({ memory: true, loadDataDir: new Blob([fs.readFileSync(data)]) });
  return { db: database, store, drop: () => database.close().finally(cleanup) };
}

/**
 * An in-memory PGlite holding the museum demo data (`input`, with `taxonomy`) converted and imported by `load`
 * (bench/relevance's importMuseum), from a snapshot made once per input and importer. For suites reading it
 * (search relevance); app/features/catalogue/museum/convert.test.ts tests the import itself.
 */
export async function openMuseumDemo(
  input: string,
  taxonomy: string | null,
  load: (database: Database, input: string, taxonomy: string | null) => Promise<unknown>,
): Promise<Database> {
  const files = [input, taxonomy, path.join(root, "bench/relevance/run.ts")].filter((f): f is string => Boolean(f));
  const key = sourcesHash(files.flatMap((f) => [path.basename(f), fs.readFileSync(f)]));
  const { data } = await cachedPglite("museum", key, (database) => load(database, input, taxonomy).then(() => undefined));
  return openDatabase({ memory: true, loadDataDir: new Blob([fs.readFileSync(data)]) });
}
