import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const define = { __SITE_ORIGIN__: JSON.stringify("http://localhost:3000") };
const TIMED = ["tests/integration/resilience-catalog.test.ts"];

export default defineConfig({
  resolve: { alias },
  define,
  test: {
    projects: [
      {
        resolve: { alias },
        define,
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        resolve: { alias },
        define,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...TIMED],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 90_000,
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
          testTimeout: 60_000,
          hookTimeout: 90_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
