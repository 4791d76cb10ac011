import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const LOCK_FILE = ".teca.lock";

/**
 * Who holds a directory. A pid alone is not an identity: in a container the
 * same pid comes back after every restart. The process's start time (Linux:
 * field 22 of /proc/<pid>/stat, clock ticks since boot) and the boot id make
 * it one: a lock whose pid is alive but started at another time, or in another
 * boot, is stale.
 */
export type LockInfo = {
  pid: number;
  command: string;
  startedAt: string;
  /** Linux: the process's start time in clock ticks since boot. */
  processStart?: string;
  /** Linux: /proc/sys/kernel/random/boot_id. */
  bootId?: string;
  host?: string;
};

/** The embedded database directory is held by another live process. */
export class DatabaseLockedError extends Error {
  constructor(
    public readonly dir: string,
    public readonly owner: LockInfo,
  ) {
    super(
      `The embedded database in ${dir} is in use by process ${owner.pid} (${owner.command}, started ${owner.startedAt}).\n` +
        `PGlite allows one process at a time. Stop that process first (for the server: Ctrl+C or \`kill ${owner.pid}\`), ` +
        `or point DATABASE_URL at a PostgreSQL server, which any number of processes can share.`,
    );
    this.name = "DatabaseLockedError";
  }
}

/** The start time of a live process (Linux), undefined elsewhere or when it is gone. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces or ')': count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19]; // field 22 overall: starttime
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return undefined;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** This process, as a lock records it. */
export function selfIdentity(command = process.argv.slice(1).join(" ")): LockInfo {
  return {
    pid: process.pid,
    command: command || "node",
    startedAt: new Date().toISOString(),
    processStart: processStartTime(process.pid),
    bootId: bootId(),
    host: os.hostname(),
  };
}

/**
 * True when the process a lock names is still the one that wrote it: same
 * boot, pid alive, and (where the system tells) the same start time.
 */
export function ownerAlive(owner: LockInfo, lockWrittenAt?: number): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  const boot = bootId();
  if (owner.bootId && boot && owner.bootId !== boot) return false; // written before a reboot
  if (!pidAlive(owner.pid)) return false;
  if (owner.processStart) {
    const now = processStartTime(owner.pid);
    if (now !== undefined && now !== owner.processStart) return false; // the pid was reused
  } else if (lockWrittenAt !== undefined) {
    // A lock written by an older version (pid only): a process that started after the lock was written is not its owner.
    const started = processStartedAtMs(owner.pid);
    if (started !== undefined && started > lockWrittenAt + 1000) return false;
  }
  return true;
}

/** Linux: when a process started (ms since the epoch), from /proc/stat's btime and the process's starttime. */
function processStartedAtMs(pid: number): number | undefined {
  const ticks = processStartTime(pid);
  if (ticks === undefined) return undefined;
  try {
    const btime = /^btime (\d+)$/m.exec(fs.readFileSync("/proc/stat", "utf8"))?.[1];
    return btime ? Number(btime) * 1000 + (Number(ticks) / 100) * 1000 : undefined; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

function parseLock(text: string | null): LockInfo | null {
  try {
    const info = text ? (JSON.parse(text) as LockInfo) : null;
    return info && typeof info.pid === "number" ? info : null;
  } catch {
    return null;
  }
}

export function readLock(dir: string): LockInfo | null {
  return parseLock(readText(path.join(dir, LOCK_FILE)));
}

/**
 * Takes the directory lock (a file created exclusively, holding the owner's
 * identity), replacing a stale one left by a process that died. A live owner,
 * in another process or this one, is refused with DatabaseLockedError.
 * Returns the release function.
 */
export function acquireLock(dir: string, command?: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const info = selfIdentity(command);
  const text = JSON.stringify(info);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, text, { flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const seen = readText(file);
      const owner = parseLock(seen);
      // The same pid as ours is this process only if it started when we did (in a container a restarted
      // server often gets the pid its dead predecessor had).
      if (owner && ownerAlive(owner, fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs)) throw new DatabaseLockedError(dir, owner);
      if (!owner) {
        // Being written this instant, or left empty by a crash between create and write: look again shortly.
        const age = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
        if (age < 2000) {
          sleep(100);
          continue;
        }
      }
      // Stale: moved aside under a unique name, so that of two processes taking it over at once only one removes it.
      const aside = `${file}.stale.${process.pid}.${attempt}`;
      try {
        fs.renameSync(file, aside);
      } catch {
        continue; // another process moved it first
      }
      // What was moved is not what was judged stale (a process took the lock in between): put it back.
      if (readText(aside) !== seen) {
        try {
          fs.linkSync(aside, file);
        } catch {
          /* a third process holds it now */
        }
      }
      fs.rmSync(aside, { force: true });
      continue;
    }
    // Another process that read the stale lock before we replaced it may have moved ours aside: check it is still ours.
    if (readText(file) !== text) continue;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (readText(file) === text) fs.rmSync(file, { force: true });
    };
  }
  const owner = readLock(dir);
  if (owner && ownerAlive(owner)) throw new DatabaseLockedError(dir, owner);
  throw new Error(`Could not take the lock on ${dir}`);
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
