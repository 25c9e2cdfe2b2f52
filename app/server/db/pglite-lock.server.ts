import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One server process per PGlite data directory (docs/decisions/060-database-timeouts-and-pglite-lock.md).
 * PGlite is PostgreSQL inside this process, with no server to arbitrate: two processes on one directory
 * would each run the outbox (two e-mails per message) and overwrite each other's pages. PGlite's own
 * postmaster.pid says pid -42 whoever wrote it, so the server keeps a lock file of its own, as
 * PostgreSQL's postmaster.pid does: created atomically, naming the process that holds it; a lock whose
 * process is gone (killed, crashed, the machine restarted) is taken over, so a restart is never blocked.
 */

export const LOCK_FILE = "forge-server.lock";

export class DataDirectoryInUseError extends Error {
  constructor(
    message: string,
    readonly lockPath: string,
  ) {
    super(message);
    this.name = "DataDirectoryInUseError";
  }
}

type Owner = {
  pid: number;
  host: string;
  /** Linux: boot id and the process's start time, so a pid reused by another process is told apart. */
  identity: string | null;
  /** Unique per lock taken: names the takeover of exactly this lock (see takeOver). */
  nonce: string;
  startedAt: string;
};

export type DirectoryLock = { path: string; release(): void };

/** Directories this process holds: a second open in the same process is refused as well. */
const heldHere = new Set<string>();

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function parseOwner(text: string): Owner | null {
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    if (typeof value.pid !== "number" || !Number.isInteger(value.pid) || value.pid <= 0) return null;
    if (typeof value.host !== "string" || typeof value.nonce !== "string") return null;
    return {
      pid: value.pid,
      host: value.host,
      identity: typeof value.identity === "string" ? value.identity : null,
      nonce: value.nonce,
      startedAt: typeof value.startedAt === "string" ? value.startedAt : "",
    };
  } catch {
    return null;
  }
}

/** Linux only: `<boot id>/<start time in clock ticks>` of a process, or null when it cannot be read. */
export function processIdentity(pid: number): string | null {
  try {
    const bootId = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces and parentheses): state is field 3,
    // the start time field 22.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const startTicks = fields[19];
    return bootId && startTicks ? `${bootId}/${startTicks}` : null;
  } catch {
    return null;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

type Liveness = { alive: boolean; reason: string };

function ownerLiveness(owner: Owner, directory: string): Liveness {
  if (owner.host !== os.hostname())
    // Another machine (a shared volume): its processes cannot be checked from here.
    return { alive: true, reason: `pid ${owner.pid} on host ${owner.host}` };
  if (owner.pid === process.pid) {
    // Either this very process (a second open) or an earlier run that had the same pid (containers
    // start their processes with the same pids every time).
    return heldHere.has(directory)
      ? { alive: true, reason: "this same process" }
      : { alive: false, reason: "" };
  }
  if (!pidAlive(owner.pid)) return { alive: false, reason: "" };
  // The pid is taken: by the owner, or by another process since (the owner died, the pid was reused).
  const identity = processIdentity(owner.pid);
  if (owner.identity && identity && identity !== owner.identity) return { alive: false, reason: "" };
  return { alive: true, reason: `pid ${owner.pid}` };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A takeover marker left by a process that died in the middle of one (a few microseconds) is cleared. */
const ABANDONED_TAKEOVER_MS = 10_000;

/**
 * Removes a stale lock, exactly as it was read (`staleText`), and nothing else. Two processes may find
 * the same stale lock at once: each first creates a marker named after that lock (exclusively), so
 * only one removes it; the other tries again and finds the winner's lock. Checking the content again
 * under the marker keeps a late process from removing a lock that replaced the stale one.
 */
function takeOver(lockPath: string, staleText: string): void {
  const tag = createHash("sha256").update(staleText).digest("hex").slice(0, 16);
  const marker = `${lockPath}.takeover-${tag}`;
  try {
    fs.writeFileSync(marker, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    try {
      if (Date.now() - fs.statSync(marker).mtimeMs > ABANDONED_TAKEOVER_MS) fs.unlinkSync(marker);
    } catch {
      // gone meanwhile: the other process finished
    }
    return;
  }
  try {
    if (readText(lockPath) === staleText) fs.unlinkSync(lockPath);
  } finally {
    fs.rmSync(marker, { force: true });
  }
}

/** Creates `lockPath` with `text` in one step, failing with EEXIST if it exists (never half-written). */
function createExclusive(lockPath: string, text: string): void {
  const draft = `${lockPath}.${process.pid}.${randomUUID()}`;
  fs.writeFileSync(draft, text, { flag: "wx" });
  try {
    fs.linkSync(draft, lockPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") throw error;
    // A file system without hard links: an exclusive create, written at once.
    fs.writeFileSync(lockPath, text, { flag: "wx" });
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * Takes the lock of a PGlite data directory (which must exist) for this process, or throws
 * DataDirectoryInUseError naming the process that holds it.
 */
export async function lockDataDirectory(directory: string): Promise<DirectoryLock> {
  const resolved = fs.realpathSync(directory);
  const lockPath = path.join(resolved, LOCK_FILE);
  const owner: Owner = {
    pid: process.pid,
    host: os.hostname(),
    identity: processIdentity(process.pid),
    nonce: randomUUID(),
    startedAt: new Date().toISOString(),
  };
  const text = `${JSON.stringify(owner)}\n`;
  // Long enough to outlast a takeover marker abandoned by a process that died mid-takeover.
  const deadline = Date.now() + ABANDONED_TAKEOVER_MS + 5_000;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    try {
      createExclusive(lockPath, text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const found = readText(lockPath);
      if (found === null) continue;
      const holder = parseOwner(found);
      // Unreadable content cannot come from a live holder (the file is complete when it appears).
      const liveness = holder ? ownerLiveness(holder, resolved) : { alive: false, reason: "" };
      if (liveness.alive && holder) {
        throw new DataDirectoryInUseError(
          `PGLITE_DIR ${resolved} is in use by another server process (${liveness.reason}, since ${holder.startedAt || "an unknown time"}). ` +
            "The embedded database serves one process: stop that server, give this one its own PGLITE_DIR, " +
            `or set DATABASE_URL to run several instances on one PostgreSQL. If no server uses the directory, delete ${lockPath}.`,
          lockPath,
        );
      }
      takeOver(lockPath, found);
      await sleep(attempt < 5 ? 0 : 20);
      continue;
    }
    heldHere.add(resolved);
    const releaseOnExit = () => release();
    const release = () => {
      process.off("exit", releaseOnExit);
      if (!heldHere.delete(resolved)) return;
      // Only our own lock: never one that replaced it.
      if (readText(lockPath) === text) fs.rmSync(lockPath, { force: true });
    };
    // A process that exits without closing the database (an uncaught error) leaves no lock behind; a
    // killed one does, and the next start takes it over.
    process.on("exit", releaseOnExit);
    return { path: lockPath, release };
  }
  throw new Error(`could not take the lock ${lockPath}: it kept changing`);
}
