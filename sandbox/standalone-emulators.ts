import { brand } from "../app/content/site";
import type { Logger } from "../app/server/runtime/logger.server";
import { type MailEmulator, startMailEmulator } from "./mail/emulator";
import { type RunningShopifyEmulator, startShopifyEmulator } from "./shopify/emulator";
import { seededCatalogEnv } from "./shopify/seed";
import { type StripeEmulator, type StripeEmulatorOptions, startStripeEmulator } from "./stripe/emulator";

/**
 * The three emulators on loopback ports of their own, outside any server, with the environment that
 * points a server at them (the Shopify emulator's seeded variant ids as the catalog's among it): for
 * `npm run emulators` (sandbox/standalone.ts) and the tests that share emulators between server
 * processes or inject faults into them (through their methods: the Shopify emulator's HTTP test hooks
 * only with `shopify: { controlHooks: true }`, as `npm run emulators` asks).
 */
export type StandaloneEmulators = {
  shopify: RunningShopifyEmulator;
  stripe: StripeEmulator;
  mail: MailEmulator;
  /** The server environment that points at them. */
  env: Record<string, string>;
  close(): Promise<void>;
};

export async function startStandaloneEmulators(
  options: {
    logger?: Logger;
    shopify?: { controlHooks?: boolean; maxOrders?: number };
    stripe?: Omit<StripeEmulatorOptions, "logger" | "merchantName">;
    /** How many messages the mail emulator keeps (default 500). */
    mail?: { keep?: number };
  } = {},
): Promise<StandaloneEmulators> {
  // The mail emulator first: the Shopify emulator sends its customers' shipping e-mails through it.
  const mail = await startMailEmulator({ logger: options.logger, keep: options.mail?.keep });
  const [shopify, stripe] = await Promise.all([
    startShopifyEmulator({
      controlHooks: options.shopify?.controlHooks,
      maxOrders: options.shopify?.maxOrders,
      customerMail: {
        smtpUrl: mail.smtpUrl,
        from: `${brand.name} <orders@forge.example>`,
        logger: options.logger,
      },
    }),
    startStripeEmulator({ merchantName: brand.name, logger: options.logger, ...options.stripe }),
  ]);
  return {
    shopify,
    stripe,
    mail,
    env: {
      SHOPIFY_API_URL: shopify.url,
      SHOPIFY_STOREFRONT_TOKEN: shopify.storefrontToken,
      SHOPIFY_ADMIN_TOKEN: shopify.adminToken,
      ...seededCatalogEnv(),
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.apiUrl,
      SMTP_URL: mail.smtpUrl,
    },
    async close() {
      await Promise.allSettled([shopify.close(), stripe.close(), mail.close()]);
    },
  };
}
