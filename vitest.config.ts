import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const define = { __SITE_ORIGIN__: JSON.stringify("http://localhost:3000") };
const TIMED = ["tests/integration/resilience-catalog.test.ts"];
// Opens the run's process registry and kills whatever a test left running at the end (decision 071).
const globalSetup = ["tests/support/global-processes.ts"];

export default defineConfig({
  resolve: { alias },
  define,
  test: {
    projects: [
      {
        resolve: { alias },
        define,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          globalSetup,
          // Vitest's default is one file fewer than the cores: one at a time on two cores. Most of a unit
          // file's time is importing its modules, which two files at a time overlap: 146 -> 98 s here.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        define,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...TIMED],
          environment: "node",
          globalSetup,
          // Many tests start or restart a server inside the test (PGlite is read while no server holds
          // it): each start may take up to SERVER_START_MS on a busy machine, and every wait inside a
          // test has its own, shorter bound (tests/support/wait.ts), so this is only the last resort.
          testTimeout: 120_000,
          // A hook that starts servers may wait SERVER_START_MS (120 s) for each on a busy machine.
          hookTimeout: 180_000,
          // Each file starts its own server processes; two cores run two files at a time.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        define,
        test: {
          // Files that assert response times (the first byte within 300 ms while Shopify is slow): run
          // on their own after the others, so a CPU-bound neighbour (fast-check fuzzing two servers)
          // does not decide the figure.
          name: "integration-timed",
          include: [...TIMED],
          environment: "node",
          globalSetup,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
      {
        resolve: { alias },
        define,
        test: {
          // The chaos run's short version (decision 134): three instances behind HAProxy under faults for
          // about a minute, then a full reconciliation; run on its own, after the integration tests.
          name: "chaos-short",
          include: ["tests/chaos/**/*.test.ts"],
          environment: "node",
          globalSetup,
          // Start-up (up to 3 min per instance on a busy machine), 70 s of load, a drain of at most
          // 90 s and the teardown: every wait inside has its own bound; this is the last resort.
          testTimeout: 600_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
