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
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node", globalSetup },
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
    ],
  },
});
