import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import type { Database } from "~/.server/db";
import type { Derived } from "~/.server/media";
import type { Logger } from "~/.server/logger";
import { createProgress, type Progress } from "~/.server/progress";
import { bundleDir } from "~/.server/root";
import { importFile } from "~/features/catalogue/index.server";
import { completedLoad } from "~/features/catalogue/index.server";
import { DEFAULT_IMAGES, DEFAULT_RECORDS, DEFAULT_SEED, generateDemo, type DemoResult } from "./generate";
import type { PrepareMessage, PrepareRequest } from "./prepare.worker";
import { seedDemoSite } from "./site";
import { FOUNDATION } from "./vocabulary";

/** What a completed demo load records as its source (a new demo version could be told apart). */
export const DEMO_SOURCE = `valdameri records=${DEFAULT_RECORDS} images=${DEFAULT_IMAGES} seed=${DEFAULT_SEED}`;
/** Advisory lock taken by the demo load's transaction: one process loads it, the others find it done. */
const DEMO_LOCK = 727277;

class AlreadyLoaded extends Error {}

export type DemoLoadOptions = {
  /** Where derivatives go (the served media store). */
  mediaDir: string;
  /** Scratch directory for the generated archive (removed afterwards, and before a new attempt). */
  workDir: string;
  logger: Pick<Logger, "info" | "warn">;
  /** Progress bars (default: when stderr is a terminal). */
  tty?: boolean;
  /** Smaller demo (tests). */
  records?: number;
  images?: number;
  /** Pictures drawn by an earlier load, reused (generate.ts `imageCache`); none: drawn every time. */
  imageCache?: string;
  /** A generation already started into workDir (prepareDemo: beside the first start's database set-up). */
  prepared?: PreparedDemo;
};

/** A demo archive being generated ahead of the load (prepareDemo), with its pictures' derivatives when made too. */
export type PreparedDemo = { result: Promise<DemoResult & { derived?: ReadonlyMap<string, Derived> }>; progress: Progress };

/**
 * Starts generating the demo archive into opts.workDir at once. With `mediaDir` (the first start of a fresh
 * embedded database) it runs in a worker thread beside the database's creation and also derives the pictures
 * into the media store (prepare.worker.ts); ensureDemo then imports it.
 */
export function prepareDemo(opts: Omit<DemoLoadOptions, "mediaDir" | "prepared"> & { mediaDir?: string }): PreparedDemo {
  const progress = createProgress(opts.logger, { tty: opts.tty });
  fs.rmSync(opts.workDir, { recursive: true, force: true });
  const result = opts.mediaDir
    ? inWorker(
        { workDir: opts.workDir, mediaDir: opts.mediaDir, records: opts.records, images: opts.images, imageCache: opts.imageCache },
        progress,
      )
    : generateDemo(opts.workDir, {
        records: opts.records,
        images: opts.images,
        imageCache: opts.imageCache,
        onImages(done, total) {
          if (done === 0) progress.start("Demo: drawing images", total, "images");
          else progress.update(done);
        },
      });
  result.catch(() => {}); // awaited by ensureDemo
  return { result, progress };
}

/**
 * The preparation worker: the compiled one beside the compiled server (build/node/prepare.worker.js), else the
 * TypeScript source through tsx as the server loads it, found from here rather than from the working directory.
 */
function newWorker(req: PrepareRequest): Worker {
  if (bundleDir) return new Worker(path.join(bundleDir, "prepare.worker.js"), { workerData: req });
  const entry = new URL("./prepare.worker.ts", import.meta.url).href;
  const tsx = import.meta.resolve?.("tsx/esm/api") ?? pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href;
  const code = `import(${JSON.stringify(tsx)}).then((t) => { (t.register ?? t.default.register)(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(code, { eval: true, workerData: req });
}

function inWorker(req: PrepareRequest, progress: Progress): Promise<DemoResult & { derived: ReadonlyMap<string, Derived> }> {
  return new Promise((resolve, reject) => {
    let result: (DemoResult & { derived: ReadonlyMap<string, Derived> }) | undefined;
    const worker = newWorker(req);
    worker.on("message", (m: PrepareMessage) => {
      if (m.kind === "start") progress.start(m.label, m.total, m.unit);
      else if (m.kind === "update") progress.update(m.done);
      else result = { ...m.result, derived: new Map(m.derived) };
    });
    worker.on("error", reject);
    worker.on("exit", (code) => (result ? resolve(result) : reject(new Error(`The demo's preparation stopped (exit code ${code})`))));
  });
}

/**
 * Loads the demo archive on a fresh install (npm start): generated, imported with the site options in one
 * transaction that also writes its completion marker (a `complete` demo row in catalogue_loads). Without
 * the marker it loads again from scratch, clearing a partial demo an older version left (records all from
 * the demo's source). A catalogue holding any other record is left alone. Returns whether it loaded.
 */
export async function ensureDemo(ctx: Pick<ServiceContext, "database">, opts: DemoLoadOptions): Promise<boolean> {
  const { database } = ctx;
  const log = opts.logger;
  const t0 = performance.now();
  const skip = async () => {
    // A generation started ahead for nothing: let it end, and clear its files.
    if (opts.prepared) {
      await opts.prepared.result.catch(() => undefined);
      opts.prepared.progress.stop();
      fs.rmSync(opts.workDir, { recursive: true, force: true });
    }
    return false;
  };
  if (await completedLoad(ctx, "demo")) return skip();
  const state = await catalogueState(database);
  if (state.other > 0) return skip(); // the operator's own catalogue
  if (state.demo > 0) log.warn({ records: state.demo }, "The demo archive was not loaded completely: loading it again from scratch");
  else log.info("Empty catalogue: loading the demo archive");
  // A generation interrupted earlier left its scratch files: start over (prepareDemo did, when it ran).
  const { result: generated, progress } = opts.prepared ?? prepareDemo(opts);
  try {
    const demo = await generated;
    progress.stop();
    const t1 = performance.now();
    let importing = false;
    const result = await importFile(ctx, demo.file, {
      mediaDir: demo.mediaDir,
      mediaStore: opts.mediaDir,
      // A public image is tiled on its first IIIF request (server/iiif.ts) rather than all of them here.
      iiifTiles: false,
      derived: demo.derived,
      load: {
        kind: "demo",
        source: opts.records || opts.images !== undefined ? `valdameri records=${demo.count} images=${demo.images}` : DEMO_SOURCE,
      },
      onProgress(done, total) {
        if (!importing) progress.start("Demo: importing", total);
        importing = true;
        progress.update(done);
      },
      onStep(step) {
        if (step === "linking") {
          progress.stop();
          log.info("Demo: building the search documents");
        } else if (step === "analysing") log.info("Demo: gathering statistics for the search");
      },
      async beforeWrite(tx) {
        if (tx.kind === "postgres") await tx.rows(sql`select pg_advisory_xact_lock(${DEMO_LOCK}::int)`);
        // Another process may have loaded it while this one generated it.
        if (await completedLoad({ database: tx }, "demo")) throw new AlreadyLoaded();
        const now = await catalogueState(tx);
        if (now.other > 0) throw new AlreadyLoaded();
        if (now.demo > 0) await clearCatalogue(tx);
      },
      inTransaction: (tx) => seedDemoSite(tx),
    });
    if (result.rejected.length || result.failed) {
      throw new Error(`Demo import failed: ${JSON.stringify(result.rejected.slice(0, 3))} ${result.failed?.reason ?? ""}`);
    }
    const seconds = (performance.now() - t0) / 1000;
    log.info(
      { records: result.imported, seconds: Number(seconds.toFixed(1)), generateSeconds: Number(((t1 - t0) / 1000).toFixed(1)) },
      `Demo archive loaded: ${result.imported} records in ${seconds.toFixed(1)} s`,
    );
    return true;
  } catch (err) {
    if (err instanceof AlreadyLoaded) return false;
    throw err;
  } finally {
    progress.stop();
    fs.rmSync(opts.workDir, { recursive: true, force: true });
  }
}

/** How many records are the demo's (by their source) and how many are not. */
async function catalogueState(database: Database): Promise<{ demo: number; other: number }> {
  const prefix = `${FOUNDATION.baseUrl}/%`;
  const [row] = await database.rows<{ demo: number; other: number }>(sql`select
      count(*) filter (where source_url like ${prefix})::int as demo,
      count(*) filter (where source_url is null or source_url not like ${prefix})::int as other
    from records`);
  return row!;
}

/** Removes a partial demo: the catalogue's records, vocabularies, search tables and site content. */
async function clearCatalogue(tx: Database) {
  await tx.rows(sql`delete from records`); // texts, tags, relations, media and search documents follow (on delete cascade)
  const search = await tx.rows<{ name: string }>(sql`select c.relname as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition and c.relname like 'search\_%'`);
  for (const t of search) await tx.rows(sql`delete from ${sql.identifier(t.name)}`);
  for (const t of ["tags", "record_types", "relation_types", "site_options", "pages", "summary_config"])
    await tx.rows(sql`delete from ${sql.identifier(t)}`);
}
