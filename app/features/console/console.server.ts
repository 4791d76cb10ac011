import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { inBackground } from "~/.server/background";
import { Refusal, requireCapability } from "~/.server/access";
import type { Database } from "~/.server/db";
import { pingDatabase } from "~/.server/db";
import { logger } from "~/.server/logger";
import { readEnv } from "~/.server/env";
import { audit } from "~/features/accounts/index.server";
import { importFile, type ImportStep } from "~/features/catalogue/index.server";
import { convertIccdFiles, writeNdjson, type ConvertContext } from "~/features/catalogue";
import { indexThesaurus, loadThesauri } from "~/features/catalogue";
import { deriveImage } from "~/.server/media";
import type { SequenceFrame } from "../../../db/schema";
import { clearSearchCache } from "~/features/search/index.server";
import { deleteStaged, stagedFile } from "./dropbox.server";

/**
 * The console (issue 16 §4, decision 072): what the catalogue holds and how the server is, and the work an
 * admin starts from it. Every service checks ADMIN itself (the route guard checks it too).
 *
 * Jobs (an import of an uploaded NDJSON file, a re-index of the search documents, a VACUUM ANALYZE) run in the
 * background of the process that got the request, one at a time, and keep their state in `console_jobs`: the
 * page polls it, and an admin who closed the page finds the job and its report there later. Progress is held
 * in this process's memory as well, and written to the row at most once a second — on PostgreSQL only while
 * the import's transaction is open (PGlite has one connection, which that transaction holds until it ends).
 */

export class ConsoleError extends Error {
  constructor(readonly code: "busy" | "invalid" | "notIccd") {
    super(code);
  }
}

export type JobKind = "import" | "iccd" | "reindex" | "vacuum" | "rederive";
export type JobState = "running" | "complete" | "failed" | "interrupted";
export type Job = {
  id: number;
  kind: JobKind;
  state: JobState;
  source: string;
  step: string;
  done: number;
  total: number;
  report: Record<string, unknown>;
  actorEmail: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};

/** This process: a job row it owns and no longer runs was cut short (a restart). */
const INSTANCE = `${os.hostname()} pid ${process.pid} ${crypto.randomBytes(6).toString("hex")}`;
/** Jobs this process runs now, and their latest progress. */
const live = new Map<number, { step: string; done: number; total: number; promise: Promise<void> }>();
/** A PostgreSQL job's heartbeat; a row silent this long belongs to a process that died. */
const HEARTBEAT_MS = 10_000;
const STALE_SECONDS = 60;

// ── Overview ─────────────────────────────────────────────────────────────────────────────────────────

export type Overview = {
  counts: { table: string; access: number; n: number }[];
  loads: { id: number; kind: string; source: string; state: string; records: number | null; startedAt: Date; finishedAt: Date | null }[];
  database: { kind: Database["kind"]; bytes: number; version: string };
  media: { bytes: number; files: number; truncated: boolean };
  health: { database: boolean; uptimeSeconds: number; rssBytes: number; node: string; pid: number; interruptedLoads: number };
};

const mediaSizeCache = new Map<string, { at: number; value: Overview["media"] }>();

/** Bytes under a directory, walked for at most about two seconds (a huge media store is reported as 'at least'). */
export function directorySize(dir: string, budgetMs = 2000): Overview["media"] {
  const hit = mediaSizeCache.get(dir);
  if (hit && hit.at > Date.now() - 60_000) return hit.value;
  const deadline = Date.now() + budgetMs;
  let bytes = 0;
  let files = 0;
  let truncated = false;
  const stack = [dir];
  while (stack.length) {
    if (Date.now() > deadline) {
      truncated = true;
      break;
    }
    const d = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile()) {
        try {
          bytes += fs.statSync(p).size;
          files++;
        } catch {
          /* removed meanwhile */
        }
      }
    }
  }
  const value = { bytes, files, truncated };
  mediaSizeCache.set(dir, { at: Date.now(), value });
  return value;
}

export async function getOverview(ctx: ServiceContext, opts: { mediaDir: string }): Promise<Overview> {
  requireCapability(ctx, "ADMIN");
  const db = ctx.database;
  const counts = await db.rows<{ table_name: string; access: number; n: number }>(
    sql`select table_name, access, count(*)::int as n from records group by table_name, access order by table_name, access`,
  );
  const loads = await db.rows<{
    id: string | number;
    kind: string;
    source: string;
    state: string;
    records: number | null;
    started_at: string;
    finished_at: string | null;
  }>(sql`select id, kind, source, state, records, started_at, finished_at from catalogue_loads order by id desc limit 10`);
  const [size] = await db.rows<{ bytes: string | number; version: string }>(
    sql`select pg_database_size(current_database()) as bytes, current_setting('server_version') as version`,
  );
  const [interrupted] = await db.rows<{ n: number }>(sql`select count(*)::int as n from catalogue_loads where state = 'interrupted'`);
  return {
    counts: counts.map((c) => ({ table: c.table_name, access: Number(c.access), n: c.n })),
    loads: loads.map((l) => ({
      id: Number(l.id),
      kind: l.kind,
      // Only the file's name: the server's paths are not the admin's business.
      source: l.kind === "demo" ? l.source : path.basename(l.source),
      state: l.state,
      records: l.records,
      startedAt: new Date(l.started_at),
      finishedAt: l.finished_at ? new Date(l.finished_at) : null,
    })),
    database: { kind: db.kind, bytes: Number(size?.bytes ?? 0), version: size?.version ?? "" },
    media: directorySize(opts.mediaDir),
    health: {
      database: await pingDatabase(db),
      uptimeSeconds: Math.round(process.uptime()),
      rssBytes: process.memoryUsage().rss,
      node: process.version,
      pid: process.pid,
      interruptedLoads: interrupted?.n ?? 0,
    },
  };
}

// ── Jobs ─────────────────────────────────────────────────────────────────────────────────────────────

type JobRow = {
  id: string | number;
  kind: JobKind;
  state: JobState;
  source: string;
  step: string;
  done: number;
  total: number;
  report: Record<string, unknown>;
  owner: string;
  email: string | null;
  started_at: string | Date;
  finished_at: string | Date | null;
  stale: boolean;
};

function toJob(r: JobRow): Job {
  const id = Number(r.id);
  const now = live.get(id);
  return {
    id,
    kind: r.kind,
    state: r.state,
    source: r.source,
    step: now?.step ?? r.step,
    done: now?.done ?? r.done,
    total: now?.total ?? r.total,
    report: r.report,
    actorEmail: r.email,
    startedAt: new Date(r.started_at),
    finishedAt: r.finished_at ? new Date(r.finished_at) : null,
  };
}

/**
 * Running rows no process runs any more become `interrupted`: on PGlite (one process) any not run here;
 * on PostgreSQL those whose heartbeat stopped.
 */
async function markInterrupted(database: Database) {
  const mine = [...live.keys()];
  const running = `{${mine.join(",")}}`;
  if (database.kind === "pglite")
    await database.rows(
      sql`update console_jobs set state = 'interrupted', finished_at = now() where state = 'running' and not (id = any(${running}::bigint[]))`,
    );
  else
    await database.rows(sql`update console_jobs set state = 'interrupted', finished_at = now()
      where state = 'running' and not (id = any(${running}::bigint[])) and updated_at < now() - make_interval(secs => ${STALE_SECONDS})`);
}

const jobSelect = sql`select j.id, j.kind, j.state, j.source, j.step, j.done, j.total, j.report, j.owner, u.email, j.started_at, j.finished_at
  from console_jobs j left join users u on u.id = j.actor_id`;

export async function listJobs(ctx: ServiceContext, limit = 10): Promise<Job[]> {
  requireCapability(ctx, "ADMIN");
  await markInterrupted(ctx.database);
  const rows = await ctx.database.rows<JobRow>(sql`${jobSelect} order by j.id desc limit ${limit}`);
  return rows.map(toJob);
}

export async function getJob(ctx: ServiceContext, id: number): Promise<Job> {
  requireCapability(ctx, "ADMIN");
  if (!live.has(id)) await markInterrupted(ctx.database);
  const rows = await ctx.database.rows<JobRow>(sql`${jobSelect} where j.id = ${id}`);
  if (!rows[0]) throw new Refusal(404);
  return toJob(rows[0]);
}

/** For tests and shutdown: the job's run, when this process runs it. */
export function jobRun(id: number): Promise<void> | undefined {
  return live.get(id)?.promise;
}

async function begin(ctx: ServiceContext, kind: JobKind, source: string, file = ""): Promise<number> {
  const userId = requireCapability(ctx, "ADMIN");
  await markInterrupted(ctx.database);
  // One job at a time, across processes: the insert happens only when no job runs.
  let rows: { id: string | number }[];
  try {
    rows = await ctx.database.rows<{ id: string | number }>(
      sql`insert into console_jobs (kind, source, file, owner, actor_id, step)
        select ${kind}, ${source}, ${file}, ${INSTANCE}, ${userId}, 'queued'
        where not exists (select 1 from console_jobs where state = 'running')
        returning id`,
    );
  } catch (err) {
    // Two processes starting a job at once: the unique index on the running row refuses the second.
    const code = ((err as { cause?: { code?: string } }).cause ?? (err as { code?: string })).code;
    if (code === "23505") throw new ConsoleError("busy");
    throw err;
  }
  if (!rows[0]) throw new ConsoleError("busy");
  return Number(rows[0].id);
}

async function finish(database: Database, id: number, state: JobState, report: Record<string, unknown>) {
  const p = live.get(id);
  await database.rows(sql`update console_jobs set state = ${state}, report = ${JSON.stringify(report)}::jsonb, finished_at = now(), updated_at = now(),
    step = ${p?.step ?? ""}, done = ${p?.done ?? 0}, total = ${p?.total ?? 0} where id = ${id}`);
}

/** Runs `work` in the background as job `id`, with the progress callback it gets and a heartbeat (PostgreSQL). */
function run(
  database: Database,
  id: number,
  work: (progress: (step: string, done: number, total: number) => void) => Promise<{ state: JobState; report: Record<string, unknown> }>,
  after?: () => void,
) {
  const state = { step: "queued", done: 0, total: 0, promise: Promise.resolve() };
  live.set(id, state);
  let lastWrite = 0;
  let writing = Promise.resolve();
  const write = () => {
    if (database.kind !== "postgres") return;
    lastWrite = Date.now();
    const { step, done, total } = state;
    writing = writing
      .then(() =>
        database.rows(
          sql`update console_jobs set step = ${step}, done = ${done}, total = ${total}, updated_at = now() where id = ${id} and state = 'running'`,
        ),
      )
      .then(
        () => undefined,
        () => undefined,
      );
  };
  const progress = (step: string, done: number, total: number) => {
    Object.assign(state, { step, done, total });
    if (Date.now() - lastWrite >= 1000) write();
  };
  const heartbeat = database.kind === "postgres" ? setInterval(write, HEARTBEAT_MS) : undefined;
  heartbeat?.unref();
  state.promise = inBackground(
    "job",
    (async () => {
      let outcome: { state: JobState; report: Record<string, unknown> };
      try {
        outcome = await work(progress);
      } catch (err) {
        logger.error({ err, job: id }, "console job failed");
        outcome = { state: "failed", report: { error: (err as Error).message } };
      }
      clearInterval(heartbeat);
      await writing;
      try {
        await finish(database, id, outcome.state, outcome.report);
      } catch (err) {
        logger.error({ err, job: id }, "could not record the end of a console job");
      } finally {
        live.delete(id);
        after?.();
      }
    })(),
  );
}

/** The most rejected lines a report keeps (the first ones; the count says how many there were). */
const REPORT_LINES = 50;

/**
 * Imports an uploaded NDJSON file in the background (the importer's rules: all or nothing, or without the
 * rejected lines when `skipInvalid`). The file is removed when the job ends.
 */
export async function startImport(
  ctx: ServiceContext,
  input: { file: string; source: string; skipInvalid: boolean; kind?: "import" | "iccd" },
  opts: { mediaStore: string; address?: string },
): Promise<number> {
  let id: number;
  const kind = input.kind ?? "import";
  try {
    id = await begin(ctx, kind, input.source, input.file);
  } catch (err) {
    fs.rmSync(input.file, { force: true });
    throw err;
  }
  await audit(ctx, {
    event: kind === "iccd" ? "console_import_iccd" : "console_import",
    actor: { userId: ctx.viewer.userId, address: opts.address ?? "" },
    detail: { job: id, file: input.source, skipInvalid: input.skipInvalid },
  });
  const database = ctx.database;
  run(
    database,
    id,
    async (progress) => {
      let step: ImportStep | "done" = "validating";
      progress(step, 0, 0);
      const result = await importFile(ctx, input.file, {
        mediaStore: opts.mediaStore,
        skipInvalid: input.skipInvalid,
        load: { kind: "import", source: input.source },
        // The import's transaction is bounded by nothing but itself (the server's statements are, on PostgreSQL).
        beforeWrite: (tx) => tx.rows(sql`set local statement_timeout = 0`).then(() => undefined),
        onStep: (s) => progress((step = s), 0, 0),
        onProgress: (done, total) => progress(step, done, total),
      });
      const report = {
        imported: result.imported,
        batches: result.batches,
        rejectedCount: result.rejected.length,
        rejected: result.rejected.slice(0, REPORT_LINES),
        failed: result.failed ?? null,
        seconds: Math.round(result.seconds * 10) / 10,
        skipInvalid: input.skipInvalid,
      };
      progress("done", result.imported, result.imported);
      const ok = !result.failed && (input.skipInvalid || result.rejected.length === 0);
      return { state: ok ? "complete" : "failed", report };
    },
    () => fs.rmSync(input.file, { force: true }),
  );
  return id;
}

/** Rebuilds every record's search documents (2,000 records a statement), then clears the caches. */
export async function startReindex(ctx: ServiceContext, opts: { address?: string } = {}): Promise<number> {
  const id = await begin(ctx, "reindex", "");
  await audit(ctx, {
    event: "console_reindex",
    actor: { userId: ctx.viewer.userId, address: opts.address ?? "" },
    detail: { job: id },
  });
  const database = ctx.database;
  run(database, id, async (progress) => {
    const t0 = performance.now();
    const uids = (await database.rows<{ uid: string | number }>(sql`select uid from records order by uid`)).map((r) => Number(r.uid));
    progress("reindexing", 0, uids.length);
    for (let i = 0; i < uids.length; i += 2000) {
      const chunk = uids.slice(i, i + 2000);
      await database.rows(sql`select teca_refresh_search_docs(${`{${chunk.join(",")}}`}::bigint[])`);
      progress("reindexing", Math.min(i + 2000, uids.length), uids.length);
    }
    await database.rows(sql`analyze`);
    clearSearchCache(database);
    return { state: "complete", report: { records: uids.length, seconds: Math.round((performance.now() - t0) / 100) / 10 } };
  });
  return id;
}

/** VACUUM (ANALYZE) of the whole database: dead rows reclaimed, planner statistics fresh. */
export async function startVacuum(ctx: ServiceContext, opts: { address?: string } = {}): Promise<number> {
  const id = await begin(ctx, "vacuum", "");
  await audit(ctx, {
    event: "console_vacuum",
    actor: { userId: ctx.viewer.userId, address: opts.address ?? "" },
    detail: { job: id },
  });
  const database = ctx.database;
  run(database, id, async (progress) => {
    const t0 = performance.now();
    const [before] = await database.rows<{ bytes: string | number }>(sql`select pg_database_size(current_database()) as bytes`);
    progress("vacuum", 0, 1);
    const pool = (
      database.db as unknown as { $client?: { connect?: () => Promise<{ query(q: string): Promise<unknown>; release(): void }> } }
    ).$client;
    if (database.kind === "postgres" && pool?.connect) {
      // Outside any transaction, and without the requests' statement bound.
      const client = await pool.connect();
      try {
        await client.query("set statement_timeout = 0");
        await client.query("vacuum (analyze)");
      } finally {
        await client.query("reset statement_timeout").catch(() => undefined);
        client.release();
      }
    } else {
      await database.rows(sql`vacuum (analyze)`);
    }
    const [after] = await database.rows<{ bytes: string | number }>(sql`select pg_database_size(current_database()) as bytes`);
    progress("vacuum", 1, 1);
    return {
      state: "complete",
      report: {
        bytesBefore: Number(before?.bytes ?? 0),
        bytesAfter: Number(after?.bytes ?? 0),
        seconds: Math.round((performance.now() - t0) / 100) / 10,
      },
    };
  });
  return id;
}

/**
 * Remakes the derivatives (thumbnail, medium, large WebP) of every image of the catalogue from its stored
 * original, as an import makes them (IIIF tiles are made on first request), and of every frame of a 360°
 * sequence (decision 105: frames follow the images' derivative rules; the row takes its first frame's). A
 * derivative already on disk is kept (its name is the original's content hash), so a job cut short is safe and
 * a second run goes on where the first stopped; each file is written whole or not at all. The rows get the
 * paths, size and colour again.
 */
export async function startRederive(ctx: ServiceContext, opts: { mediaStore: string; address?: string }): Promise<number> {
  const id = await begin(ctx, "rederive", "");
  await audit(ctx, {
    event: "console_rederive",
    actor: { userId: ctx.viewer.userId, address: opts.address ?? "" },
    detail: { job: id },
  });
  const database = ctx.database;
  run(database, id, async (progress) => {
    const t0 = performance.now();
    const rows = await database.rows<{ id: string | number; original: string | null; frames: SequenceFrame[] | null }>(
      sql`select id, original, frames from media
        where (media_type = 'image' and original is not null and original <> '' and original !~ '^https?://')
           or (media_type = 'sequence' and frames is not null)
        order by id`,
    );
    progress("rederiving", 0, rows.length);
    let derived = 0;
    const missing: string[] = [];
    const failed: { id: number; reason: string }[] = [];
    const root = path.resolve(opts.mediaStore);
    /** A stored original's derivatives, or null when the file is gone (or outside the store). */
    const remake = async (original: string) => {
      const abs = path.resolve(root, original);
      if (!abs.startsWith(root + path.sep) || !fs.existsSync(abs)) {
        missing.push(original);
        return null;
      }
      return deriveImage(abs, root);
    };
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      try {
        // an image is its own original; a sequence is its frames, and its row shows the first one
        const made: (Awaited<ReturnType<typeof deriveImage>> | null)[] = [];
        for (const f of r.frames ?? [{ original: r.original! }]) made.push(await remake(f.original));
        const d = made[0];
        if (d && made.every(Boolean)) {
          const frames = r.frames
            ? made.map((f) => ({ original: f!.original, thumbnail: f!.thumbnail, medium: f!.medium, large: f!.large }))
            : null;
          await database.rows(sql`update media set thumbnail = ${d.thumbnail}, medium = ${d.medium}, large = ${d.large},
            width = ${d.width}, height = ${d.height}, dominant_color = ${d.dominantColor},
            frames = coalesce(${frames ? JSON.stringify(frames) : null}::jsonb, frames) where id = ${Number(r.id)}`);
          derived++;
        }
      } catch (err) {
        failed.push({ id: Number(r.id), reason: (err as Error).message.slice(0, 200) });
      }
      progress("rederiving", i + 1, rows.length);
    }
    return {
      state: failed.length ? "failed" : "complete",
      report: {
        media: rows.length,
        derived,
        missingCount: missing.length,
        missing: missing.slice(0, REPORT_LINES),
        failedCount: failed.length,
        failedMedia: failed.slice(0, REPORT_LINES),
        seconds: Math.round((performance.now() - t0) / 100) / 10,
      },
    };
  });
  return id;
}

/**
 * An uploaded ICCD scheda (XML) converted to the interchange format, kept as an import file for startImport:
 * refused (nothing kept) when it is not a scheda the importer converts.
 */
export function keepIccdUpload(ctx: ServiceContext, bytes: Uint8Array): { file: string; records: number } {
  requireCapability(ctx, "ADMIN");
  const dir = importsDir();
  fs.mkdirSync(dir, { recursive: true });
  const base = path.join(dir, crypto.randomBytes(12).toString("hex"));
  const xml = `${base}.xml`;
  fs.writeFileSync(xml, bytes, { flag: "wx", mode: 0o600 });
  try {
    const result = convertIccdFiles([xml], iccdThesauri());
    const objects = Object.values(result.byKind).reduce((a, b) => a + b, 0);
    if (!objects) throw new ConsoleError("notIccd");
    const file = `${base}.ndjson`;
    writeNdjson(file, result.records);
    return { file, records: result.records.length };
  } finally {
    fs.rmSync(xml, { force: true });
  }
}

/**
 * Imports a staged ICCD scheda (a drop box XML, issue 16 §5) as the console's ICCD upload does: converted
 * (with the thesauri), refused with nothing changed when it is not a scheda (the file stays staged), else
 * imported in the background (all or nothing, the job's report) and taken out of the staging area.
 */
export async function importStagedIccd(
  ctx: ServiceContext,
  stagedId: string,
  opts: { mediaStore: string; address?: string },
): Promise<number> {
  requireCapability(ctx, "ADMIN");
  const staged = await stagedFile(ctx, stagedId);
  if (staged.ext !== "xml") throw new ConsoleError("notIccd");
  const kept = keepIccdUpload(ctx, new Uint8Array(fs.readFileSync(staged.file)));
  const id = await startImport(ctx, { file: kept.file, source: staged.originalName.slice(0, 200), skipInvalid: false, kind: "iccd" }, opts);
  await deleteStaged(ctx, stagedId, { address: opts.address });
  return id;
}

/**
 * The SKOS thesauri the console's ICCD import links records to, as `npm run import:iccd --thesauri` does:
 * ICCD_THESAURI, files or directories separated by the path delimiter (':'). Read and indexed on the first
 * ICCD upload after a start (a few seconds for the ICCD's own vocabularies), then kept for the process; a
 * changed setting is read again. Unset: no tags linked. A path that does not exist is an error named in the
 * log, and the import goes on without thesauri rather than refusing every scheda.
 */
let thesauriCache: { key: string; ctx: ConvertContext } | null = null;
export function iccdThesauri(env: NodeJS.ProcessEnv = process.env): ConvertContext {
  const key = (env.ICCD_THESAURI ?? "").trim();
  if (thesauriCache?.key === key) return thesauriCache.ctx;
  let ctx: ConvertContext = {};
  const paths = key
    ? key
        .split(path.delimiter)
        .map((p) => path.resolve(p.trim()))
        .filter(Boolean)
    : [];
  if (paths.length) {
    const missing = paths.filter((p) => !fs.existsSync(p));
    if (missing.length) logger.error({ missing }, "ICCD_THESAURI: not found; ICCD schede are imported without thesaurus tags");
    else {
      const thesaurus = loadThesauri(paths);
      ctx = { thesaurus, index: indexThesaurus(thesaurus) };
      logger.info({ concepts: thesaurus.concepts.size, schemes: thesaurus.schemes.size }, "ICCD thesauri read");
    }
  }
  thesauriCache = { key, ctx };
  return ctx;
}

/** Where an uploaded import file waits for its job (DATA_DIR/imports). */
export function importsDir(env: NodeJS.ProcessEnv = process.env) {
  return path.join(readEnv(env).dataDir, "imports");
}

/** Keeps an uploaded import file under a random name until its job ends (the job removes it). */
export function keepImportUpload(bytes: Uint8Array): string {
  const dir = importsDir();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${crypto.randomBytes(12).toString("hex")}.ndjson`);
  fs.writeFileSync(file, bytes, { flag: "wx", mode: 0o600 });
  return file;
}
