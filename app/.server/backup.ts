import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { acquireLock } from "./db-lock";

/**
 * Backups of the catalogue database (docs/decisions/011):
 * - PGlite: a gzipped tar of the data directory, taken by PGlite itself (dumpDataDir) after a checkpoint
 *   while this process holds the directory's lock, so nothing writes during the copy: consistent. The
 *   server must be stopped (PGlite is one process); the tool says so otherwise.
 * - PostgreSQL: `pg_dump --format=custom`, a consistent snapshot taken while the site keeps running;
 *   restored by emptying the schemas and replaying it (pg_restore to SQL, psql) in one transaction: all or
 *   nothing.
 */
export type BackupTarget = { databaseUrl?: string; dataDir: string };

export function defaultBackupFile(target: BackupTarget, dir = path.join(target.dataDir, "backups")) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19);
  return path.join(dir, target.databaseUrl ? `teca-${stamp}.dump` : `teca-pglite-${stamp}.tar.gz`);
}

/** Writes a backup to `file` (through a temporary file renamed at the end: never a half-written backup). */
export async function backupDatabase(target: BackupTarget, file: string): Promise<{ file: string; bytes: number }> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    if (target.databaseUrl) {
      const r = spawnSync(
        process.env.PG_DUMP ?? "pg_dump",
        ["--format=custom", "--no-owner", "--no-privileges", `--file=${tmp}`, target.databaseUrl],
        {
          encoding: "utf8",
        },
      );
      if (r.error)
        throw new Error(
          `pg_dump could not run (${r.error.message}): install the PostgreSQL client tools (Debian: apt-get install postgresql-client) or set PG_DUMP`,
        );
      if (r.status !== 0) throw new Error(`pg_dump failed: ${r.stderr.trim()}`);
    } else {
      const dir = path.join(target.dataDir, "pglite");
      if (!fs.existsSync(path.join(dir, "PG_VERSION"))) throw new Error(`No embedded database in ${dir}`);
      const release = acquireLock(target.dataDir, "npm run backup");
      try {
        const client = await openPgliteFiles(dir);
        try {
          await client.exec("CHECKPOINT");
          const blob = await client.dumpDataDir("gzip");
          fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
        } finally {
          await client.close();
        }
      } finally {
        release();
      }
    }
    fs.renameSync(tmp, file);
    return { file, bytes: fs.statSync(file).size };
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * Restores a backup over the configured database. PGlite: the backup is unpacked into a new directory
 * beside the current one, which is kept as `pglite.before-restore-<time>` until the operator removes it.
 * PostgreSQL: one transaction; on any error nothing changes.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<{ kept?: string }> {
  if (!fs.existsSync(file)) throw new Error(`Backup not found: ${file}`);
  if (target.databaseUrl) {
    // pg_restore --clean cannot drop the partitions' inherited constraints: the backup is turned into SQL and
    // run by psql after emptying the schemas, all in one transaction (an error changes nothing).
    const script = `${file}.${process.pid}.sql`;
    try {
      const r = spawnSync(process.env.PG_RESTORE ?? "pg_restore", ["--no-owner", "--no-privileges", `--file=${script}`, file], {
        encoding: "utf8",
      });
      if (r.error)
        throw new Error(
          `pg_restore could not run (${r.error.message}): install the PostgreSQL client tools (Debian: apt-get install postgresql-client) or set PG_RESTORE`,
        );
      if (r.status !== 0) throw new Error(`pg_restore could not read ${file}, nothing was changed: ${r.stderr.trim()}`);
      // The dump empties search_path; the search functions name their text-search configurations unqualified
      // (teca_ts_config → 'teca_it'), and the generated columns and indexes calling them are rebuilt on restore.
      await patchSearchPath(script);
      const p = spawnSync(
        process.env.PSQL ?? "psql",
        [
          "--single-transaction",
          "--quiet",
          "--no-psqlrc",
          "-v",
          "ON_ERROR_STOP=1",
          "-c",
          "DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;",
          "-f",
          script,
          `--dbname=${target.databaseUrl}`,
        ],
        { encoding: "utf8" },
      );
      if (p.error)
        throw new Error(
          `psql could not run (${p.error.message}): install the PostgreSQL client tools (Debian: apt-get install postgresql-client) or set PSQL`,
        );
      if (p.status !== 0) throw new Error(`The restore failed, nothing was changed: ${p.stderr.trim()}`);
    } finally {
      fs.rmSync(script, { force: true });
    }
    return {};
  }
  const release = acquireLock(target.dataDir, "npm run restore");
  try {
    const dir = path.join(target.dataDir, "pglite");
    const incoming = `${dir}.restoring-${process.pid}`;
    fs.rmSync(incoming, { recursive: true, force: true });
    try {
      const client = await openPgliteFiles(incoming, new Blob([fs.readFileSync(file)]));
      await client.query("select 1");
      await client.close();
    } catch (err) {
      fs.rmSync(incoming, { recursive: true, force: true });
      throw new Error(`The backup could not be opened, nothing was changed: ${(err as Error).message}`);
    }
    let kept: string | undefined;
    if (fs.existsSync(dir)) {
      kept = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      fs.renameSync(dir, kept);
    }
    fs.renameSync(incoming, dir);
    return { kept };
  } finally {
    release();
  }
}

async function openPgliteFiles(dataDir: string, loadDataDir?: Blob) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return PGlite.create({ dataDir, loadDataDir, extensions: { unaccent, pg_trgm } });
}

/** Sets search_path to public in a pg_restore script (the line sits in its first lines), streaming the rest. */
async function patchSearchPath(script: string) {
  const patched = `${script}.patched`;
  const fd = fs.openSync(script, "r");
  const head = Buffer.alloc(64 * 1024);
  const n = fs.readSync(fd, head, 0, head.length, 0);
  fs.closeSync(fd);
  const text = head.subarray(0, n).toString("latin1");
  const cut = text.lastIndexOf("\n") + 1;
  const fixed = text
    .slice(0, cut)
    .replaceAll("SELECT pg_catalog.set_config('search_path', '', false);", "SELECT pg_catalog.set_config('search_path', 'public', false);");
  fs.writeFileSync(patched, Buffer.from(fixed, "latin1"));
  const { pipeline } = await import("node:stream/promises");
  await pipeline(fs.createReadStream(script, { start: cut }), fs.createWriteStream(patched, { flags: "a" }));
  fs.renameSync(patched, script);
}
