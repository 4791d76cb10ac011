import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import type { Database } from "~/.server/db";
import type { Logger } from "~/.server/logger";

/** Catalogue loads (imports, the demo): a row per run, see db/schema/loads.ts and docs/decisions/010. */
export type LoadKind = "import" | "museum" | "demo";
export type Load = { id: number; kind: LoadKind; source: string; state: string; owner: string; startedAt: string };

/** Advisory-lock class of the loads: a running load holds (LOAD_LOCK, id) for its transaction's lifetime. */
const LOAD_LOCK = 727276;
type Tx = Pick<Database["db"], "execute">;

const owner = () => `${os.hostname()} pid ${process.pid} (${process.argv.slice(1).join(" ") || "node"})`;

/** Records a load as running (committed at once, before the load's own transaction begins). */
export async function beginLoad(ctx: Pick<ServiceContext, "database">, kind: LoadKind, source: string): Promise<number> {
  const [row] = await ctx.database.rows<{ id: number | string }>(
    sql`insert into catalogue_loads (kind, source, owner) values (${kind}, ${source}, ${owner()}) returning id`,
  );
  return Number(row!.id);
}

/** First statement of the load's transaction: holds the load's lock until it commits or dies. */
export async function holdLoad(tx: Tx, id: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK}::int, ${id}::int)`);
}

/** Last statement of the load's transaction: the row says `complete` exactly when the data landed. */
export async function completeLoad(tx: Tx, id: number, records: number) {
  await tx.execute(sql`update catalogue_loads set state = 'complete', records = ${records}, finished_at = now() where id = ${id}`);
}

/** A load whose transaction was rolled back (a rejected batch, an error). */
export async function failLoad(ctx: Pick<ServiceContext, "database">, id: number) {
  await ctx.database.rows(sql`update catalogue_loads set state = 'failed', finished_at = now() where id = ${id} and state = 'running'`);
}

/**
 * Loads left `running` by a process that died (kill -9, power loss): their transaction never committed,
 * so the catalogue holds nothing of them. Marks them `interrupted` and returns them, for the caller to
 * say so. On PostgreSQL a load still running in another process holds its lock and is left alone (as is
 * one begun in the last seconds, which may not have taken its lock yet); PGlite has one process.
 */
export async function recoverInterruptedLoads(
  ctx: Pick<ServiceContext, "database">,
  opts: { minAgeSeconds?: number } = {},
): Promise<Load[]> {
  const { database } = ctx;
  const minAge = opts.minAgeSeconds ?? 10;
  const running = await database.rows<{
    id: number | string;
    kind: LoadKind;
    source: string;
    state: string;
    owner: string;
    started_at: string;
  }>(sql`select id, kind, source, state, owner, started_at::text from catalogue_loads where state = 'running' order by id`);
  const found: Load[] = [];
  for (const r of running) {
    const id = Number(r.id);
    const interrupted = await database.db.transaction(async (tx) => {
      if (database.kind === "postgres") {
        const res = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${LOAD_LOCK}::int, ${id}::int) as free, now() - ${r.started_at}::timestamptz >= make_interval(secs => ${minAge}) as old`,
        )) as unknown as { rows: { free: boolean; old: boolean }[] };
        if (!res.rows[0]!.free || !res.rows[0]!.old) return false;
      }
      await tx.execute(sql`update catalogue_loads set state = 'interrupted', finished_at = now() where id = ${id} and state = 'running'`);
      return true;
    });
    if (interrupted) found.push({ id, kind: r.kind, source: r.source, state: "interrupted", owner: r.owner, startedAt: r.started_at });
  }
  return found;
}

/** The demo's completion marker: its last complete load, if any (`ctx.database` may be the load's transaction). */
export async function completedLoad(
  ctx: Pick<ServiceContext, "database">,
  kind: LoadKind,
): Promise<{ id: number; source: string } | undefined> {
  const rows = await ctx.database.rows<{ id: number | string; source: string }>(
    sql`select id, source from catalogue_loads where kind = ${kind} and state = 'complete' order by id desc limit 1`,
  );
  return rows[0] ? { id: Number(rows[0].id), source: rows[0].source } : undefined;
}

/**
 * At start (server and command-line tools): finds the loads a dead process left running, says so, and
 * removes the half-written media files such a run may have left (a derivative is written to a `.tmp` file
 * and renamed; the catalogue itself needs no cleaning, the load's transaction never committed).
 */
export async function recoverInterrupted(
  ctx: Pick<ServiceContext, "database">,
  mediaDir: string,
  logger: Pick<Logger, "warn">,
): Promise<Load[]> {
  const found = await recoverInterruptedLoads(ctx);
  for (const l of found)
    logger.warn(
      { load: l.id, kind: l.kind, source: l.source, startedAt: l.startedAt, owner: l.owner },
      `An interrupted ${l.kind} (${l.source}, started ${l.startedAt} by ${l.owner}) was found: nothing of it was kept, the catalogue is as it was before it`,
    );
  if (found.length) removeScratchFiles(mediaDir);
  return found;
}

/** Removes `*.tmp` files in the media store's two levels of hash directories. */
export function removeScratchFiles(mediaDir: string): number {
  let removed = 0;
  const walk = (dir: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && depth < 3) walk(p, depth + 1);
      else if (e.isFile() && e.name.endsWith(".tmp")) {
        fs.rmSync(p, { force: true });
        removed++;
      }
    }
  };
  walk(mediaDir, 0);
  return removed;
}
