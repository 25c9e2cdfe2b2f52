/**
 * `npm run emulators`: the Shopify, Stripe and mail emulators as a process of their own, for several
 * server processes to share (instances behind a load balancer, tried on one machine) and for the
 * benchmarks, where they should not share the server's event loop any more than Shopify and Stripe
 * would. Prints, as one JSON line on stdout, the environment that points a server at them, and runs
 * until SIGTERM or SIGINT.
 *
 * Options (environment): EMULATOR_WEBHOOK_URLS, comma-separated: where the Stripe emulator delivers
 * its events (a server's /api/stripe-webhook). Without it, payments made on the pay page reach no one.
 */
import { brand } from "../app/content/site";
import { createLogger } from "../app/server/logger.server";
import { startMailEmulator } from "./mail/emulator";
import { startShopifyEmulator } from "./shopify/emulator";
import { startStripeEmulator } from "./stripe/emulator";

const logger = createLogger(process.env.LOG_LEVEL ?? "warn");
const webhookUrls = (process.env.EMULATOR_WEBHOOK_URLS ?? "")
  .split(",")
  .map((url) => url.trim())
  .filter(Boolean);

const [shopify, stripe, mail] = await Promise.all([
  startShopifyEmulator(),
  startStripeEmulator({ merchantName: brand.name, webhookUrls, logger }),
  startMailEmulator({ logger }),
]);

const env = {
  SHOPIFY_API_URL: shopify.url,
  SHOPIFY_STOREFRONT_TOKEN: shopify.storefrontToken,
  SHOPIFY_ADMIN_TOKEN: shopify.adminToken,
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_URL: stripe.apiUrl,
  SMTP_URL: mail.smtpUrl,
};
process.stdout.write(`${JSON.stringify(env)}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([shopify.close(), stripe.close(), mail.close()]);
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
