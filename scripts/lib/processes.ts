import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Every process the tests and benchmarks start goes through `spawnTracked`: it runs in a process group
 * of its own (detached), so `killGroup` ends it with whatever it started, and its pid is written into
 * the run's registry directory (FORGE_PROCESS_REGISTRY, made by the test runners' global setup), so the
 * global teardown can kill what a failed hook or a killed worker left behind (decision 071).
 */

const REGISTRY_ENV = "FORGE_PROCESS_REGISTRY";
const running = new Set<ChildProcess>();

/** Sends `signal` to the process group led by `pid` (the process alone when it has none). */
export function killGroup(pid: number, signal: NodeJS.Signals = "SIGKILL"): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Spawns `command` detached in its own group, registered until it exits. */
export function spawnTracked(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  const pid = child.pid;
  if (pid === undefined) return child;
  running.add(child);
  const registry = process.env[REGISTRY_ENV];
  const entry = registry ? path.join(registry, String(pid)) : undefined;
  if (entry) {
    try {
      writeFileSync(entry, `${process.pid}\n`);
    } catch {
      // the registry is gone (the run is ending): the exit hook below still covers this process
    }
  }
  child.once("exit", () => {
    running.delete(child);
    if (entry) rmSync(entry, { force: true });
  });
  return child;
}

// A worker that ends (normally or by an uncaught error) takes its children with it. Synchronous, as
// "exit" handlers must be.
process.once("exit", () => {
  for (const child of running) if (child.pid !== undefined) killGroup(child.pid);
});

/** For a runner's global setup: a fresh registry, published to every worker through the environment. */
export function openProcessRegistry(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "forge-processes-"));
  process.env[REGISTRY_ENV] = dir;
  return dir;
}

/** For a runner's global teardown: kills every registered group still there; returns their pids. */
export function sweepProcessRegistry(dir = process.env[REGISTRY_ENV]): number[] {
  if (!dir) return [];
  let pids: number[] = [];
  try {
    pids = readdirSync(dir).map(Number).filter(Number.isInteger);
  } catch {
    return [];
  }
  for (const pid of pids) killGroup(pid);
  rmSync(dir, { recursive: true, force: true });
  return pids;
}
