import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * Builds the app with a sentinel value in every secret variable and checks that none of them reaches
 * the browser: not in any file under the build's client directory (JS, CSS, prerendered HTML, data).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const buildDir = "build-secrets";
const clientDir = path.join(root, buildDir, "client");

const sentinels = {
  SHOPIFY_STOREFRONT_TOKEN: "sentinel-storefront-token-7f3a9c",
  SHOPIFY_ADMIN_TOKEN: "sentinel-shopify-admin-token-2b8e41",
  ADMIN_API_TOKEN: "sentinel-admin-api-token-5d0c6e9a1b2c3d4e",
  STRIPE_SECRET_KEY: "sk_test_sentinelstripekey9e4d2a",
  STRIPE_WEBHOOK_SECRET: "whsec_sentinelwebhooksecret61c0f8",
  SMTP_URL: "smtp://mailer:sentinel-smtp-password-33aa@127.0.0.1:2525",
  DATABASE_URL: "postgresql://app:sentinel-database-password-44bb@127.0.0.1:5432/forge",
};
/** The secret part of each value: what must never appear. */
const needles = [
  "sentinel-storefront-token-7f3a9c",
  "sentinel-shopify-admin-token-2b8e41",
  "sentinel-admin-api-token-5d0c6e9a1b2c3d4e",
  "sentinelstripekey9e4d2a",
  "sentinelwebhooksecret61c0f8",
  "sentinel-smtp-password-33aa",
  "sentinel-database-password-44bb",
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function occurrences(files: string[], needle: string): string[] {
  return files.filter((file) => readFileSync(file).includes(Buffer.from(needle)));
}

describe("the built client holds no secret", () => {
  let files: string[] = [];

  beforeAll(() => {
    rmSync(path.join(root, buildDir), { recursive: true, force: true });
    const result = spawnSync(
      process.execPath,
      [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
      {
        cwd: root,
        env: {
          ...process.env,
          ...sentinels,
          SHOPIFY_STORE_DOMAIN: "forge-sentinel.myshopify.com",
          BUILD_DIR: buildDir,
          NODE_ENV: "production",
        },
        encoding: "utf8",
        timeout: 240_000,
      },
    );
    if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
    files = filesUnder(clientDir);
  }, 300_000);

  it("built a client with scripts and prerendered pages", () => {
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
    expect(files.some((file) => file.endsWith("index.html"))).toBe(true);
    // The scan finds what is there (so a leak would be found): the Enhancer's handle is.
    expect(occurrences(files, "forge-enhancer").length).toBeGreaterThan(0);
  });

  it.each(needles)("no file contains %s", (needle) => {
    expect(occurrences(files, needle)).toEqual([]);
  });
});
