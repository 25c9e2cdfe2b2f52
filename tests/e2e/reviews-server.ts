import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startStandaloneEmulators } from "../../sandbox/standalone-emulators";
import { freePort, type RunningServer, startServer } from "../../scripts/lib/server-process";
import { fixtureCsv, fixtureReviews } from "../support/review-fixtures";
import { test as base } from "./support";

/** The reviews the server below has: 23 published ones (three pages), every star given. */
export const SEEDED_REVIEWS = fixtureReviews(23);

/**
 * A server of its own with reviews (issue 18 item 4): a PGlite directory the import command fills
 * (`npm run reviews:import`, before the server starts: PGlite allows one process), then the server on
 * it. Started once per worker, always stopped, its directory removed. The emulators run beside it, not
 * in it: a server whose own sandbox emulates Shopify records the 2,847 sample reviews (decision 085),
 * and these tests count exactly the reviews above.
 */
export const test = base.extend<object, { reviewsServer: RunningServer }>({
  reviewsServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from this pattern.
    async ({}, use) => {
      const dir = mkdtempSync(path.join(tmpdir(), "forge-reviews-e2e-"));
      const csv = path.join(dir, "reviews.csv");
      writeFileSync(csv, fixtureCsv(SEEDED_REVIEWS));
      const database = path.join(dir, "db");
      execFileSync(process.execPath, ["--import", "tsx", "scripts/import-reviews.ts", csv], {
        env: { ...process.env, PGLITE_DIR: database, LOG_LEVEL: "warn" },
        stdio: "pipe",
        timeout: 120_000,
      });
      const emulators = await startStandaloneEmulators();
      let server: RunningServer | undefined;
      try {
        const port = await freePort();
        server = await startServer({
          ...emulators.env,
          BUILD_DIR: process.env.BUILD_DIR ?? "build",
          LOG_LEVEL: "warn",
          PORT: String(port),
          PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
          PGLITE_DIR: database,
        });
        await use(server);
      } finally {
        await server?.stop();
        await emulators.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 300_000 },
  ],
});

export { expect } from "./support";
