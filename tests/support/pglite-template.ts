import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const migrationsFolder = path.join(root, "drizzle");

/** What the template depends on: every migration and PGlite's own version. */
function templateKey(): string {
  const hash = createHash("sha256");
  const pglite = JSON.parse(
    readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  hash.update(pglite.version);
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith(".sql") || file.endsWith(".json")) hash.update(file).update(readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A migrated, empty PGlite data folder as a tarball (decision 139): each server a test starts on a new
 * embedded database loads it (PGLITE_TEMPLATE) instead of running initdb, 2-4 s of CPU each. Made once
 * with the app's own migrations and kept in the temporary folder under a name that changes with any
 * migration or PGlite version, so a stale one is never used; the server still runs its migrations.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = path.join(tmpdir(), `forge-pglite-template-${templateKey()}.tar`);
  if (existsSync(file)) return file;
  const db = await PGlite.create();
  try {
    await migrate(drizzle({ client: db }), { migrationsFolder });
    const dump = await db.dumpDataDir("none");
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await db.close();
  }
  return file;
}
