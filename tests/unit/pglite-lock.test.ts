import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  DataDirectoryInUseError,
  LOCK_FILE,
  lockDataDirectory,
  processIdentity,
} from "~/server/db/pglite-lock.server";
import { spawnTracked } from "../../scripts/lib/processes";
import { settle } from "../support/wait";

/**
 * One server process per PGlite directory (issue 15 item 4, decision 060): the lock file is refused
 * while its process lives, taken over once it is gone (killed, its pid reused since), and taken by
 * exactly one of several processes that find the same stale lock at once.
 */

const directories: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function directory() {
  const made = mkdtempSync(path.join(tmpdir(), "forge-lock-"));
  directories.push(made);
  return made;
}

/** A live process that is not this one. */
function liveProcess(): ChildProcess {
  const child = spawnTracked(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(child);
  return child;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawnTracked(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid as number;
}

function writeLock(dir: string, owner: Record<string, unknown>) {
  writeFileSync(
    path.join(dir, LOCK_FILE),
    `${JSON.stringify({ host: hostname(), nonce: "n-1", startedAt: "2026-11-23T00:00:00.000Z", identity: null, ...owner })}\n`,
  );
}

const lockOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8"));

describe("PGlite directory lock", () => {
  it("is taken once; a second take, in this process too, is refused until it is released", async () => {
    const dir = directory();
    const lock = await lockDataDirectory(dir);
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, host: hostname() });
    await expect(lockDataDirectory(dir)).rejects.toThrow(DataDirectoryInUseError);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    (await lockDataDirectory(dir)).release();
  });

  it("is refused while the process that holds it lives, naming it and what to do", async () => {
    const dir = directory();
    const holder = liveProcess();
    expect(await settle(holder, "spawn", 10_000)).toBe("spawn");
    writeLock(dir, { pid: holder.pid, identity: processIdentity(holder.pid as number) });
    const refusal = await lockDataDirectory(dir).then(
      () => "taken",
      (error: Error) => error.message,
    );
    expect(refusal).toContain("is in use by another server process");
    expect(refusal).toContain(`pid ${holder.pid}`);
    expect(refusal).toContain("DATABASE_URL");
    expect(lockOf(dir).pid).toBe(holder.pid);
  });

  it("is taken over from a process that is gone", async () => {
    const dir = directory();
    writeLock(dir, { pid: await deadPid() });
    const lock = await lockDataDirectory(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(processIdentity(process.pid) !== null)(
    "is taken over when its pid now belongs to another process (the holder died, the pid was reused)",
    async () => {
      const dir = directory();
      const other = liveProcess();
      expect(await settle(other, "spawn", 10_000)).toBe("spawn");
      writeLock(dir, { pid: other.pid, identity: "an-earlier-boot/12345" });
      const lock = await lockDataDirectory(dir);
      expect(lockOf(dir).pid).toBe(process.pid);
      lock.release();
    },
  );

  it("is taken over when it names this pid but was left by an earlier run (a container restarted)", async () => {
    const dir = directory();
    writeLock(dir, { pid: process.pid, identity: null });
    const lock = await lockDataDirectory(dir);
    expect(lockOf(dir).nonce).not.toBe("n-1");
    lock.release();
  });

  it("is taken over when unreadable, and refused when it is held on another host", async () => {
    const dir = directory();
    writeFileSync(path.join(dir, LOCK_FILE), "");
    (await lockDataDirectory(dir)).release();
    writeLock(dir, { pid: 1, host: "another-host.example" });
    await expect(lockDataDirectory(dir)).rejects.toThrow(/pid 1 on host another-host\.example/);
  });

  it("release removes only its own lock, never one that replaced it", async () => {
    const dir = directory();
    const lock = await lockDataDirectory(dir);
    writeLock(dir, { pid: 1, nonce: "someone-else" });
    lock.release();
    expect(lockOf(dir).nonce).toBe("someone-else");
  });

  it("six processes finding one stale lock at once: exactly one takes it", async () => {
    const dir = directory();
    writeLock(dir, { pid: await deadPid() });
    const root = path.resolve(import.meta.dirname, "../..");
    const outputs = Array.from({ length: 6 }, () => {
      const child = spawnTracked(
        process.execPath,
        ["--import", "tsx", path.join(root, "tests/unit/pglite-lock-child.ts"), dir],
        { cwd: root, stdio: ["pipe", "pipe", "inherit"] },
      );
      children.push(child);
      let text = "";
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout?.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes("ready")) resolve();
        });
        child.once("exit", () => reject(new Error(`exited before ready: ${text}`)));
      });
      const outcome = new Promise<string>((resolve) => {
        child.stdout?.on("data", () => {
          const match = /(locked|refused|error .*)\n/.exec(text);
          if (match?.[1]) resolve(match[1]);
        });
        child.once("exit", () => resolve(text));
      });
      return { ready, outcome };
    });
    await Promise.all(outputs.map((output) => output.ready));
    writeFileSync(path.join(dir, "go"), "");
    const outcomes = await Promise.all(outputs.map((output) => output.outcome));
    expect(outcomes.filter((outcome) => outcome === "locked")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "refused")).toHaveLength(5);
  }, 60_000);
});
