import { describe, expect, it } from "vitest";
import { defaultPublicSiteUrl, InvalidEnvironmentError, labNameIssues } from "~/server/runtime/env.server";
import { resolveCatalogConfig } from "~/server/shopify/catalog-config.server";
import { parseLaunchedEnv as parseEnv } from "../support/launched-env";

/**
 * Issue 15 items 2 and 13 (docs/decisions/061-real-money-and-hostile-edges.md): no live payments next
 * to an emulated store; the admin token waived only for the all-in-process sandbox; the public
 * origin follows the port.
 */

const live = {
  STRIPE_SECRET_KEY: "sk_live_abc123",
  STRIPE_WEBHOOK_SECRET: "whsec_abc123",
  SMTP_URL: "smtps://user:pass@smtp.example.com:465",
  SITE_SECRET: "s".repeat(40),
  HEALTH_DATA_KEYS: "test:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
  LAB_INTEGRATIONS: `acme:${"l".repeat(40)}`,
};
const store = { SHOPIFY_STORE_DOMAIN: "forge.myshopify.com", SHOPIFY_STOREFRONT_TOKEN: "x".repeat(32) };

function issuesOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError)
      return error.issues.map((issue) => `${issue.variable} ${issue.message}`);
    throw error;
  }
  return [];
}

describe("a live Stripe key next to an emulated system", () => {
  it("refuses a LAB_NAME the build was not made with (the kit pages name the lab at build)", () => {
    expect(issuesOf({ LAB_NAME: "Acme Clinical Labs" })).toEqual([
      "LAB_NAME is set, but this build was made without it and names the sandbox's fictional lab: run npm run build with it set",
    ]);
    const built = { name: "Acme Clinical Labs", fictional: false };
    expect(labNameIssues("Acme Clinical Labs", built)).toEqual([]);
    expect(labNameIssues(undefined, built)).toEqual([]);
    expect(labNameIssues("Other Labs", built)[0]?.message).toContain(
      'differs from the value this build was made with ("Acme Clinical Labs")',
    );
  });

  it("refuses a live key without a real lab's signing secret (the sandbox's lab emulator is not a lab)", () => {
    const { LAB_INTEGRATIONS: _, ...noLab } = live;
    expect(issuesOf({ ...noLab, ...store })).toEqual([
      "LAB_INTEGRATIONS is required when STRIPE_SECRET_KEY is a live key",
    ]);
  });

  it.each([
    ["the secret key", live],
    ["a restricted key", { ...live, STRIPE_SECRET_KEY: "rk_live_abc123" }],
  ])("refuses %s with the in-process Shopify emulator, naming both variables", (_kind, source) => {
    expect(issuesOf(source)).toEqual([
      "SHOPIFY_STORE_DOMAIN is required when STRIPE_SECRET_KEY is a live key (without it the store is the local Shopify emulator)",
    ]);
  });

  it("refuses a live key with SHOPIFY_API_URL but no store domain: that is an emulator, not a store", () => {
    expect(
      issuesOf({
        ...live,
        SHOPIFY_API_URL: "http://127.0.0.1:4010",
        SHOPIFY_STOREFRONT_TOKEN: "x".repeat(32),
      }),
    ).toEqual([
      "SHOPIFY_STORE_DOMAIN is required when STRIPE_SECRET_KEY is a live key (SHOPIFY_API_URL without a store domain is an emulator, not a store)",
    ]);
  });

  it("refuses a live key sent anywhere but Stripe (STRIPE_API_URL)", () => {
    expect(issuesOf({ ...live, ...store, STRIPE_API_URL: "http://127.0.0.1:12111" })).toEqual([
      "STRIPE_API_URL must be unset when STRIPE_SECRET_KEY is a live key (a live key is sent to Stripe only)",
    ]);
  });

  it("names every problem at once: no store, no SMTP server", () => {
    const { SMTP_URL: _smtp, ...noSmtp } = live;
    expect(issuesOf(noSmtp)).toEqual([
      "SMTP_URL is required when STRIPE_SECRET_KEY is a live key",
      "SHOPIFY_STORE_DOMAIN is required when STRIPE_SECRET_KEY is a live key (without it the store is the local Shopify emulator)",
    ]);
  });

  it("accepts a live key with a real store and SMTP", () => {
    expect(issuesOf({ ...live, ...store })).toEqual([]);
  });

  it("accepts a Stripe test key with the emulated store (staging: no money moves)", () => {
    expect(issuesOf({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toEqual([]);
    expect(
      issuesOf({
        STRIPE_SECRET_KEY: "sk_test_abc",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        STRIPE_API_URL: "http://127.0.0.1:12111",
        SHOPIFY_API_URL: "http://127.0.0.1:4010",
      }),
    ).toEqual([]);
  });
});

describe("the admin token's waiver", () => {
  const waived = (source: Record<string, string>, inProcess: string[]) =>
    resolveCatalogConfig(parseEnv(source), inProcess).adminTokenWaived;

  it("holds only while this process runs both the Shopify and the Stripe emulator", () => {
    expect(waived({}, ["shopify", "stripe", "mail"])).toBe(true);
    expect(waived({}, ["shopify", "stripe"])).toBe(true);
  });

  it("does not hold for a Shopify emulator reached through SHOPIFY_API_URL", () => {
    const source = { SHOPIFY_API_URL: "http://127.0.0.1:4010", SHOPIFY_STOREFRONT_TOKEN: "x".repeat(32) };
    const config = resolveCatalogConfig(parseEnv(source), ["stripe", "mail"]);
    // Still the emulator's catalog (its seeded ids)…
    expect(config.shopifyEmulated).toBe(true);
    // …but product creation is guarded as for a store.
    expect(config.adminTokenWaived).toBe(false);
  });

  it("does not hold while payments are real (a Stripe key of any mode) or run on an emulator elsewhere", () => {
    expect(
      waived({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" }, ["shopify", "mail"]),
    ).toBe(false);
    expect(waived({}, ["shopify"])).toBe(false);
  });

  it("does not hold for a real store", () => {
    expect(waived(store, ["stripe", "mail"])).toBe(false);
    expect(waived(store, ["shopify", "stripe"])).toBe(false);
  });
});

describe("the public origin's default", () => {
  it("follows PORT when PUBLIC_SITE_URL is unset (or empty)", () => {
    expect(parseEnv({}).PUBLIC_SITE_URL).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "3400" }).PUBLIC_SITE_URL).toBe("http://localhost:3400");
    expect(parseEnv({ PORT: "3400", PUBLIC_SITE_URL: " " }).PUBLIC_SITE_URL).toBe("http://localhost:3400");
  });

  it("is the address listened on when that is neither loopback nor every address", () => {
    expect(defaultPublicSiteUrl("0.0.0.0", 8080)).toBe("http://localhost:8080");
    expect(defaultPublicSiteUrl("::", 8080)).toBe("http://localhost:8080");
    expect(defaultPublicSiteUrl("127.0.0.1", 8080)).toBe("http://localhost:8080");
    expect(defaultPublicSiteUrl("::1", 8080)).toBe("http://localhost:8080");
    expect(defaultPublicSiteUrl("192.168.1.20", 8080)).toBe("http://192.168.1.20:8080");
    expect(defaultPublicSiteUrl("fd00::20", 8080)).toBe("http://[fd00::20]:8080");
    expect(defaultPublicSiteUrl("127.0.0.1", 80)).toBe("http://localhost");
  });

  it("gives way to PUBLIC_SITE_URL", () => {
    expect(parseEnv({ PORT: "3400", PUBLIC_SITE_URL: "https://forge.example/" }).PUBLIC_SITE_URL).toBe(
      "https://forge.example",
    );
  });
});
