import { openProcessRegistry, sweepProcessRegistry } from "../../scripts/lib/processes";
import { ensurePgliteTemplate } from "./pglite-template";

/**
 * The test runners' global setup (vitest `globalSetup`, Playwright `globalSetup`): opens the run's
 * process registry before any worker starts, so every worker inherits it through the environment, and
 * returns the teardown that kills every server or emulator a test left running, however the test ended
 * (a failed beforeAll, a timed-out hook, a worker that was killed). Decision 071.
 * It also names the migrated PGlite template every server a test starts begins a new embedded
 * database from (PGLITE_TEMPLATE, inherited the same way; decision 139), unless the run names its own.
 */
export default async function setup(): Promise<() => void> {
  const dir = openProcessRegistry();
  process.env.PGLITE_TEMPLATE ??= await ensurePgliteTemplate();
  return () => {
    const left = sweepProcessRegistry(dir);
    if (left.length > 0)
      console.warn(`killed ${left.length} test process group(s) left running: ${left.join(", ")}`);
  };
}
