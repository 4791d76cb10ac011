// The embedded database's single-writer guard: a stale lock never blocks the start, even when its pid is
// alive again (reused by another process, or by this very process after a container restart); a second
// live process is refused with a message naming the first.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/.server/db";
import { DatabaseLockedError, LOCK_FILE, processStartTime, selfIdentity } from "../../app/.server/db-lock";
import { makeRecord, tempDir, writeNdjson } from "../factories/records";
import { seedDataDir } from "../setup/db";
import { runTool, waitFor } from "./helpers";

describe("the PGlite single-writer lock", () => {
  const dir = tempDir("teca-lock-");
  seedDataDir(dir); // migrated already: the lock is under test, not the migrations
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const lockFile = path.join(dir, LOCK_FILE);
  const writeLock = (info: object) => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFile, JSON.stringify(info));
  };

  it("takes over a lock whose pid is alive but belongs to another process (pid reused)", { timeout: 60_000 }, async () => {
    const other = spawn("sleep", ["30"]);
    try {
      expect(processStartTime(other.pid!)).toBeDefined();
      // The lock's owner had this pid once, but started at another time.
      writeLock({ ...selfIdentity("node server/index.ts"), pid: other.pid, processStart: "1" });
      const db = await openDatabase({ dataDir: dir });
      expect(JSON.parse(fs.readFileSync(lockFile, "utf8")).pid).toBe(process.pid);
      await db.close();
      expect(fs.existsSync(lockFile)).toBe(false);
      // Same with this process's own pid: in a container the restarted server gets its predecessor's pid.
      writeLock({ ...selfIdentity("node server/index.ts"), processStart: "1" });
      const again = await openDatabase({ dataDir: dir });
      await again.close();
      // A lock of an older version (pid only), written before the process now holding that pid started.
      writeLock({ pid: other.pid, command: "node server/index.ts", startedAt: "2026-01-01T00:00:00Z" });
      fs.utimesSync(lockFile, new Date(Date.now() - 3600_000), new Date(Date.now() - 3600_000));
      const third = await openDatabase({ dataDir: dir });
      await third.close();
    } finally {
      other.kill();
    }
  });

  it("refuses a second live process, naming it, and lets go when it is killed", { timeout: 120_000 }, async () => {
    const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: {
        ...process.env,
        DATA_DIR: dir,
        DATABASE_URL: "",
        PORT: String(39500 + Math.floor(Math.random() * 400)),
        HOST: "127.0.0.1",
        TECA_DEMO: "0",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    server.stdout.on("data", (d) => (out += d));
    server.stderr.on("data", (d) => (out += d));
    const exited = new Promise((r) => server.on("exit", r));
    try {
      const up = await waitFor(
        { child: server, output: () => out, exited: exited as Promise<number | null> },
        (o) => o.includes("Teca is listening at"),
        60_000,
      );
      expect(up, out).toBe(true);
      const err = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DatabaseLockedError);
      expect((err as Error).message).toContain(`in use by process ${server.pid}`);
      expect((err as Error).message).toContain("server/index.ts");
      // A command-line tool is refused the same way, and writes nothing.
      const cli = runTool("scripts/import.ts", [writeNdjson(dir, [makeRecord({ id: "x1" })], "one.ndjson")], {
        DATA_DIR: dir,
        DATABASE_URL: "",
      });
      expect(await cli.exited).toBe(3);
      expect(cli.output()).toContain(`in use by process ${server.pid}`);
    } finally {
      server.kill("SIGKILL");
      await exited;
    }
    // Killed: its lock file is left behind, and does not block.
    expect(fs.existsSync(lockFile)).toBe(true);
    const db = await openDatabase({ dataDir: dir });
    try {
      expect((await db.rows<{ n: number }>(sql`select count(*)::int as n from records`))[0]!.n).toBe(0);
    } finally {
      await db.close();
    }
  });
});
