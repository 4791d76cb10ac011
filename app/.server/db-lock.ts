import fs from "node:fs";
import path from "node:path";

export const LOCK_FILE = ".teca.lock";

export type LockInfo = { pid: number; command: string; startedAt: string };

/** The embedded database directory is held by another live process. */
export class DatabaseLockedError extends Error {
  constructor(public readonly dir: string, public readonly owner: LockInfo) {
    super(
      `The embedded database in ${dir} is in use by process ${owner.pid} (${owner.command}, started ${owner.startedAt}).\n` +
        `PGlite allows one process at a time. Stop that process first (for the server: Ctrl+C or \`kill ${owner.pid}\`), ` +
        `or point DATABASE_URL at a PostgreSQL server, which any number of processes can share.`,
    );
    this.name = "DatabaseLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function readLock(dir: string): LockInfo | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")) as LockInfo;
  } catch {
    return null;
  }
}

/**
 * Takes the directory lock (a file holding the owner's pid), replacing a stale
 * one left by a process that died. Returns the release function.
 */
export function acquireLock(dir: string, command = process.argv.slice(1).join(" ")): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const info: LockInfo = { pid: process.pid, command: command || "node", startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(info), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const current = readLock(dir);
        if (current?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = readLock(dir);
      if (owner && owner.pid !== process.pid && isAlive(owner.pid)) throw new DatabaseLockedError(dir, owner);
      if (owner && owner.pid === process.pid) throw new DatabaseLockedError(dir, owner);
      fs.rmSync(file, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
