/**
 * A process that tries to take a PGlite directory's lock (tests/unit/pglite-lock.test.ts): waits for the
 * file `<dir>/go` so that several start their attempt together, prints `locked` or `refused`, and, if
 * it holds the lock, keeps it until its stdin closes.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { DataDirectoryInUseError, lockDataDirectory } from "../../app/server/db/pglite-lock.server";

const directory = process.argv[2] ?? "";
process.stdout.write("ready\n");
while (!existsSync(path.join(directory, "go"))) await new Promise((resolve) => setTimeout(resolve, 5));
try {
  const lock = await lockDataDirectory(directory);
  process.stdout.write("locked\n");
  process.stdin.resume();
  process.stdin.on("end", () => {
    lock.release();
    process.exit(0);
  });
} catch (error) {
  process.stdout.write(error instanceof DataDirectoryInUseError ? "refused\n" : `error ${String(error)}\n`);
  process.exit(0);
}
