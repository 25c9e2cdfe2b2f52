import { openProcessRegistry, sweepProcessRegistry } from "../../scripts/lib/processes";

/**
 * The test runners' global setup (vitest `globalSetup`, Playwright `globalSetup`): opens the run's
 * process registry before any worker starts, so every worker inherits it through the environment, and
 * returns the teardown that kills every server or emulator a test left running, however the test ended
 * (a failed beforeAll, a timed-out hook, a worker that was killed). Decision 071.
 */
export default function setup(): () => void {
  const dir = openProcessRegistry();
  return () => {
    const left = sweepProcessRegistry(dir);
    if (left.length > 0)
      console.warn(`killed ${left.length} test process group(s) left running: ${left.join(", ")}`);
  };
}
