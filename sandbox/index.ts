import express from "express";
import { brand } from "../app/content/site";
import type { Env } from "../app/server/runtime/env.server";
import type { Logger } from "../app/server/runtime/logger.server";
import type { LabLink } from "./lab/deliveries";
import { createLabEmulator } from "./lab/emulator";
import { startMailEmulator } from "./mail/emulator";
import { createShopifyEmulator } from "./shopify/emulator";
import { seededCatalogEnv } from "./shopify/seed";
import { startStripeEmulator } from "./stripe/emulator";
import { TEST_HOOKS_VARIABLE } from "./test-hooks";

/**
 * The local emulators of the outside systems. server.ts starts the ones whose credentials are absent,
 * points the app's real adapters at them (the same code path as production), and mounts their
 * browser-facing pages under /__sandbox. Nothing under app/ imports this folder
 * (docs/decisions/006-sandbox-emulators.md).
 */
export type SandboxOptions = {
  env: Env;
  logger: Logger;
  /** Where this server can be reached from itself and from the visitor's browser. */
  selfOrigin: string;
};

export type Sandbox = {
  /** Mounted at /__sandbox while any emulator is in use. */
  router: express.Router;
  /** Names of the emulators in use, for the start-up log and the sandbox ribbon. */
  active: string[];
  /** Values that point the adapters at the emulators, merged over the checked environment. */
  envOverrides: Partial<Env>;
  /** The lab emulator's link to the store, given once the store's services are up (only with "lab" active). */
  connectLab(link: LabLink): void;
  close(): Promise<void>;
};

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const router = express.Router();
  const active: string[] = [];
  const envOverrides: Sandbox["envOverrides"] = {};
  const closers: (() => Promise<void>)[] = [];

  // Each emulator registers itself here: its router under /__sandbox/<name>, its env overrides, its closer.

  // Mail: no SMTP server. What it receives is listed at /__sandbox/mail. First: the
  // emulated Shopify sends its customers' shipping e-mails through it, as a store's Shopify does.
  if (!options.env.SMTP_URL) {
    const mail = await startMailEmulator({ logger: options.logger });
    router.use("/mail", mail.router);
    active.push("mail");
    envOverrides.SMTP_URL = mail.smtpUrl;
    closers.push(() => mail.close());
  }

  // Shopify: no store configured, and no emulator started elsewhere (SHOPIFY_API_URL). Its seeded
  // products become the catalog's, unless CATALOG_*_VARIANT_ID names others. Its test hooks only for
  // tests (sandbox/test-hooks.ts).
  if (!options.env.SHOPIFY_STORE_DOMAIN && !options.env.SHOPIFY_API_URL) {
    const controlHooks = options.env.SANDBOX_TEST_HOOKS === "1";
    const smtpUrl = envOverrides.SMTP_URL ?? options.env.SMTP_URL;
    const shopify = createShopifyEmulator({
      controlHooks,
      customerMail: smtpUrl ? { smtpUrl, from: options.env.MAIL_FROM, logger: options.logger } : undefined,
    });
    router.use("/shopify", shopify.router);
    active.push("shopify");
    envOverrides.SHOPIFY_API_URL = `${options.selfOrigin}/__sandbox/shopify`;
    envOverrides.SHOPIFY_STOREFRONT_TOKEN = shopify.storefrontToken;
    envOverrides.SHOPIFY_ADMIN_TOKEN = shopify.adminToken;
    Object.assign(envOverrides, seededCatalogEnv(options.env));
    closers.push(() => shopify.close());
    if (controlHooks)
      options.logger.warn(
        { hooks: "/__sandbox/shopify/__control", variable: TEST_HOOKS_VARIABLE },
        "the Shopify emulator's test hooks are mounted: for tests only",
      );
  }

  // Stripe: no secret key. The API listens on its own loopback port (the SDK's host/port); the pay
  // page is served on this site (same origin, under the site's CSP); events go to this server.
  if (!options.env.STRIPE_SECRET_KEY) {
    const stripe = await startStripeEmulator({
      payPageBaseUrl: `${options.env.PUBLIC_SITE_URL}/__sandbox/stripe/pay`,
      webhookUrls: [`${options.selfOrigin}/api/stripe-webhook`],
      merchantName: brand.name,
      logger: options.logger,
      clockPerCheckoutCustomer: true,
    });
    router.use("/stripe", stripe.browserRouter);
    active.push("stripe");
    envOverrides.STRIPE_SECRET_KEY = stripe.secretKey;
    envOverrides.STRIPE_WEBHOOK_SECRET = stripe.webhookSecret;
    envOverrides.STRIPE_API_URL = stripe.apiUrl;
    closers.push(() => stripe.close());
  }

  // The lab: no real lab configured (LAB_INTEGRATIONS). Its page is on this site; it delivers to this
  // server's /api/lab/fhir, signed with the secret the site makes for it (handed over by connectLab).
  let lab: ReturnType<typeof createLabEmulator> | undefined;
  if (!options.env.LAB_INTEGRATIONS) {
    lab = createLabEmulator({ storeEndpoint: `${options.selfOrigin}/api/lab/fhir` });
    router.use("/lab", lab.router);
    active.push("lab");
    const closing = lab;
    closers.push(() => closing.close());
  }

  if (active.length > 0) {
    router.get("/", (_req, res) => {
      res.json({ active });
    });
    options.logger.warn({ emulators: active }, "sandbox emulators in use: no real outside systems");
  }
  return {
    router,
    active,
    envOverrides,
    connectLab(link) {
      lab?.connect(link);
    },
    async close() {
      await Promise.allSettled(closers.map((close) => close()));
    },
  };
}
