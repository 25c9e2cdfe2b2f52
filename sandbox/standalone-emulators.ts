import { brand } from "../app/content/site";
import type { Logger } from "../app/server/logger.server";
import { type MailEmulator, startMailEmulator } from "./mail/emulator";
import { type RunningShopifyEmulator, startShopifyEmulator } from "./shopify/emulator";
import { type StripeEmulator, type StripeEmulatorOptions, startStripeEmulator } from "./stripe/emulator";

/**
 * The three emulators on loopback ports of their own, outside any server, with the environment that
 * points a server at them: for `npm run emulators` (sandbox/standalone.ts) and the tests that share
 * emulators between server processes or inject faults into them.
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
  options: { logger?: Logger; stripe?: Omit<StripeEmulatorOptions, "logger" | "merchantName"> } = {},
): Promise<StandaloneEmulators> {
  const [shopify, stripe, mail] = await Promise.all([
    startShopifyEmulator(),
    startStripeEmulator({ merchantName: brand.name, logger: options.logger, ...options.stripe }),
    startMailEmulator({ logger: options.logger }),
  ]);
  return {
    shopify,
    stripe,
    mail,
    env: {
      SHOPIFY_API_URL: shopify.url,
      SHOPIFY_STOREFRONT_TOKEN: shopify.storefrontToken,
      SHOPIFY_ADMIN_TOKEN: shopify.adminToken,
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
