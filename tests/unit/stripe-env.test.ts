import { describe, expect, it } from "vitest";
import { InvalidEnvironmentError } from "~/server/runtime/env.server";
import { parseLaunchedEnv as parseEnv } from "../support/launched-env";

describe("Stripe and SMTP environment", () => {
  const live = { STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };

  it("refuses a live Stripe key without an SMTP server (real orders must not be confirmed into the emulator)", () => {
    expect(() => parseEnv(live)).toThrow(InvalidEnvironmentError);
    expect(() => parseEnv(live)).toThrow(/SMTP_URL is required when STRIPE_SECRET_KEY is a live key/);
  });

  it("accepts a live key with SMTP (and a real store: decision 061), and a test key without", () => {
    const store = { SHOPIFY_STORE_DOMAIN: "forge.myshopify.com", SHOPIFY_STOREFRONT_TOKEN: "x".repeat(32) };
    const signing = {
      SITE_SECRET: "s".repeat(40),
      HEALTH_DATA_KEYS: "test:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
      LAB_INTEGRATIONS: `acme:${"l".repeat(40)}`,
    };
    expect(
      parseEnv({ ...live, ...store, ...signing, SMTP_URL: "smtps://user:pass@smtp.example.com:465" })
        .SMTP_URL,
    ).toBe("smtps://user:pass@smtp.example.com:465");
    expect(
      parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" }).SMTP_URL,
    ).toBeUndefined();
  });

  it("requires SITE_SECRET with a live key (order links must verify on every instance and after a restart)", () => {
    const store = { SHOPIFY_STORE_DOMAIN: "forge.myshopify.com", SHOPIFY_STOREFRONT_TOKEN: "x".repeat(32) };
    const smtp = { SMTP_URL: "smtps://user:pass@smtp.example.com:465" };
    expect(() => parseEnv({ ...live, ...store, ...smtp })).toThrow(
      /SITE_SECRET is required when STRIPE_SECRET_KEY is a live key/,
    );
    expect(() => parseEnv({ ...live, ...store, ...smtp, SITE_SECRET: "short" })).toThrow(
      /SITE_SECRET must be at least 32 characters/,
    );
  });

  it("requires the webhook secret with a key", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
