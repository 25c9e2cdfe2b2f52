/**
 * A PostgreSQL cluster of the chaos run's own, for a machine where none answers (issue 37 item 1):
 * made with Debian's `initdb` in a temporary directory, started on a free loopback port with trust
 * authentication and no fsync (a benchmark's data, thrown away), stopped and deleted at the end. As
 * root (PostgreSQL refuses to run as root) it runs as the `postgres` user through `runuser`.
 */
import { type ChildProcess, execFileSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { killGroup, spawnTracked } from "../../scripts/lib/processes";
import { type CloseOptions, postgresProblem } from "./backing";

export type ThrowawayPostgres = { adminUrl: string; close(options?: CloseOptions): Promise<void> };

/** The directory of Debian's PostgreSQL programs (the newest installed), or null. */
export function postgresBinDir(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((version) => existsSync(path.join(base, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : null;
}

export async function startThrowawayPostgres(port: number): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("no initdb: apt-get install -y postgresql (or set CHAOS_POSTGRES_URL)");
  const asRoot = process.getuid?.() === 0;
  const as = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, args];
  const dir = mkdtempSync(path.join(tmpdir(), "forge-chaos-pg-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  let server: ChildProcess | undefined;
  try {
    if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
    const data = path.join(dir, "data");
    execFileSync(
      ...as(path.join(bin, "initdb"), [
        "-D",
        data,
        "-U",
        "postgres",
        "--auth=trust",
        "-E",
        "UTF8",
        "--no-sync",
      ]),
      { stdio: "ignore", timeout: 120_000 },
    );
    server = spawnTracked(
      ...as(path.join(bin, "postgres"), [
        "-D",
        data,
        "-p",
        String(port),
        "-k",
        dir,
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "fsync=off",
        "-c",
        "max_connections=200",
      ]),
      { stdio: "ignore" },
    );
    const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    const exited = once(server, "exit");
    const deadline = Date.now() + 60_000;
    for (;;) {
      if ((await postgresProblem(adminUrl)) === null) break;
      if (server.exitCode !== null || server.signalCode !== null)
        throw new Error("the throwaway PostgreSQL exited while starting");
      if (Date.now() > deadline) throw new Error("the throwaway PostgreSQL did not answer within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const started = server;
    return {
      adminUrl,
      async close(options = {}) {
        // SIGINT: PostgreSQL's fast shutdown; the whole group after the grace.
        started.kill("SIGINT");
        const killer = setTimeout(
          () => started.pid !== undefined && killGroup(started.pid),
          options.graceMs ?? 10_000,
        );
        if (started.exitCode === null && started.signalCode === null) await exited;
        clearTimeout(killer);
        remove();
      },
    };
  } catch (error) {
    if (server?.pid !== undefined) killGroup(server.pid);
    remove();
    throw error;
  }
}
