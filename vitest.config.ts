import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const define = { __SITE_ORIGIN__: JSON.stringify("http://localhost:3000") };

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
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 90_000,
          // Each file starts its own server processes; two cores run two files at a time.
          maxWorkers: 2,
        },
      },
    ],
  },
});
