/**
 * `npm run reviews:import -- <file.csv> [--product <handle>]`: imports the brand's reviews from its
 * previous platform's CSV export (Judge.me's, or a file with the same columns) into the database the
 * server uses (DATABASE_URL, or PGlite in PGLITE_DIR; stop a server running on that PGlite first).
 * Every row goes through the moderation rules; importing the same file again adds nothing. Prints what
 * was added, already present, held and rejected, by line. Exits 1 when the file cannot be read. The file
 * is streamed (memory stays flat for any size) and everything it says is printed escaped.
 * See README, "Importing reviews", and docs/decisions/081-review-moderation-by-rule.md.
 */
import { open } from "node:fs/promises";
import path from "node:path";
import pino from "pino";
import { openDatabase } from "../app/server/db/client.server";
import { describeImport, ImportFileError, importReviewsCsv } from "../app/server/reviews/import.server";
import { createReviews } from "../app/server/reviews/reviews.server";
import { parseEnv } from "../app/server/runtime/env.server";
import { printable } from "../app/server/text-input.server";

const root = path.resolve(import.meta.dirname, "..");
const usage = "usage: npm run reviews:import -- <file.csv> [--product <handle>]";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  let product: string | undefined;
  const files: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === "--product") {
      product = args[index + 1];
      index += 1;
    } else if (arg === "--help" || arg === "-h") {
      console.log(usage);
      return 0;
    } else files.push(arg);
  }
  const [file] = files;
  if (!file || files.length > 1 || (args.includes("--product") && !product)) {
    console.error(usage);
    return 2;
  }
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file);
  } catch (error) {
    console.error(`Cannot read ${printable(file)}: ${printable((error as Error).message)}`);
    return 1;
  }
  const env = parseEnv(process.env);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.PGLITE_DIR,
    migrationsFolder: path.join(root, "drizzle"),
  });
  try {
    const reviews = createReviews({
      db: database.db,
      logger: pino({ level: "silent" }),
      includeSamples: false,
    });
    const csv = handle.createReadStream({ encoding: "utf8", highWaterMark: 64 * 1024 });
    const report = await importReviewsCsv(reviews, csv, { product });
    console.log(
      `Imported ${printable(file)} into ${database.kind === "postgres" ? "PostgreSQL" : `PGlite (${env.PGLITE_DIR})`}.`,
    );
    console.log(describeImport(report));
    return 0;
  } catch (error) {
    if (error instanceof ImportFileError) {
      console.error(`Cannot import ${printable(file)}: ${printable(error.message)}`);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
    await database.close();
  }
}

process.exitCode = await main();
