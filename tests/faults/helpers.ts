import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../app/.server/db";
import { tempDir } from "../factories/records";
import { scratchPostgres, seedDataDir } from "../setup/db";

export const root = path.resolve(import.meta.dirname, "../..");

/**
 * A catalogue on disk that child processes (the command-line tools, the server) and this process take
 * turns to open: an embedded PGlite directory, or a throw-away database on TEST_DATABASE_URL's server.
 */
export type FaultTarget = {
  name: "pglite" | "postgres";
  /** Environment for a child process using this catalogue. */
  env: NodeJS.ProcessEnv;
  dataDir: string;
  open(): Promise<Database>;
  drop(): Promise<void>;
};

export function faultTargets(): { name: "pglite" | "postgres"; create(): Promise<FaultTarget> }[] {
  const list: { name: "pglite" | "postgres"; create(): Promise<FaultTarget> }[] = [
    {
      name: "pglite",
      async create() {
        const dataDir = tempDir("teca-fault-");
        // migrated already (this run's snapshot), as the PostgreSQL target's copy of the template is
        seedDataDir(dataDir);
        return {
          name: "pglite",
          dataDir,
          env: { DATA_DIR: dataDir, DATABASE_URL: "" },
          open: () => openDatabase({ dataDir }),
          async drop() {
            fs.rmSync(dataDir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url)
    list.push({
      name: "postgres",
      async create() {
        const scratch = await scratchPostgres(url, "teca_f");
        const dataDir = tempDir("teca-fault-");
        return {
          name: "postgres",
          dataDir,
          env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
          open: () => openDatabase({ databaseUrl: scratch.url }),
          async drop() {
            await scratch.drop();
            fs.rmSync(dataDir, { recursive: true, force: true });
          },
        };
      },
    });
  return list;
}

/**
 * What the catalogue holds: rows per table (every table but the load log) and a checksum of the records'
 * ids, so that "as before" and "as after" are exact.
 */
export async function snapshot(db: Database) {
  const tables = await db.rows<{ name: string }>(sql`select c.relname as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
      and c.relname <> 'catalogue_loads' order by c.relname`);
  const counts: Record<string, number> = {};
  for (const t of tables)
    counts[t.name] = (await db.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(t.name)}`))[0]!.n;
  const [ids] = await db.rows<{ sum: string | null }>(
    sql`select md5(string_agg(table_name || '/' || id, ',' order by table_name, id)) as sum from records`,
  );
  return { counts, ids: ids!.sum ?? "" };
}

export type Child = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Runs `node --import tsx <script> …args` in the project with extra environment. */
export function runTool(script: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "info", PROGRESS_INTERVAL_MS: "0", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Waits until the child's output matches, or it exits, or the time runs out. */
export async function waitFor(c: Child, test: (output: string) => boolean, ms = 90_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (test(c.output())) return true;
    if (c.child.exitCode !== null || c.child.signalCode !== null) return test(c.output());
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/** The last "done" count a progress line reported (PROGRESS_INTERVAL_MS=0: one line per batch). */
export function progressDone(output: string, step = "Importing"): number {
  let done = 0;
  for (const m of output.matchAll(/"step":"([^"]+)","done":(\d+)/g)) if (m[1] === step) done = Number(m[2]);
  return done;
}

/** kill -9, and waits until the process is gone. */
export async function killHard(c: Child) {
  c.child.kill("SIGKILL");
  await c.exited;
}
