import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { serverEntryPath } from "./scripts/lib/server-entry";
import { chromiumArgs, chromiumPath } from "./tests/support/chromium";

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the production
 * build served by server.ts on the embedded defaults.
 */
const port = Number(process.env.E2E_PORT ?? 4310);
export const baseURL = `http://127.0.0.1:${port}`;

const chromium = { executablePath: chromiumPath, args: chromiumArgs };

/**
 * Specs whose every assertion holds whatever the viewport (a page's words, links, headers, data, what
 * works without JavaScript), or which set their own widths: run once, by the desktop project. Layout,
 * navigation, the journeys a shopper makes and the axe sweep run at both widths (decision 126).
 */
const VIEWPORT_INDEPENDENT = [
  "routes",
  "claims-and-disclaimers",
  "store-pages",
  "privacy-page",
  "newsletter-links",
  "admin-reviews",
  "admin-subscriptions",
  "marketing-bro-science",
  "marketing-home",
  "marketing-test-kit",
  "shown-prices",
  // Journeys and states that hold at any width, run once; the phone's own checks are elsewhere
  // (toasts.spec.ts, purchase.spec.ts, the axe sweep).
  "checkout-toasts",
  "cookies",
  "newsletter",
  "order-journey",
  "payment-success",
  "review-journey",
  "storefront-states",
  // Resizes the window through its own widths, 320 to 1920 px.
  "layout-widths",
].map((name) => {
  if (!existsSync(new URL(`./tests/e2e/${name}.spec.ts`, import.meta.url)))
    throw new Error(`playwright.config.ts lists tests/e2e/${name}.spec.ts, which does not exist`);
  return `**/${name}.spec.ts`;
});

export default defineConfig({
  testDir: "tests/e2e",
  // Opens the run's process registry; the function it returns is the global teardown, which kills any
  // server a spec started and left running (a failed beforeAll, a killed worker). Decision 071.
  globalSetup: "./tests/support/global-processes.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // CI shares two cores with the server under test and its emulators: room for a busy minute.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // A failed test keeps its trace (actions, DOM snapshots, network, console); the screencast is not
    // recorded: it cost 4% of the suite's time, 12% of navigation-heavy specs' (decision 140).
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: chromium,
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: "mobile",
      testIgnore: VIEWPORT_INDEPENDENT,
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    command: `node ${serverEntryPath()}`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: !process.env.CI,
    // A cold start on two cores another build keeps busy takes far longer than on a quiet machine.
    timeout: 180_000,
    env: {
      NODE_ENV: "production",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      PORT: String(port),
      HOST: "127.0.0.1",
      PGLITE_DIR: "memory://",
      LOG_LEVEL: "warn",
      // The suite buys and signs up far more often than one visitor: lift the per-IP limits.
      RATE_LIMIT_MULTIPLIER: "50",
      PUBLIC_SITE_URL: baseURL,
      SANDBOX_TEST_HOOKS: "1",
    },
  },
});
