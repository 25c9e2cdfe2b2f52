/**
 * `npm run emulators`: the Shopify, Stripe and mail emulators as a process of their own, for several
 * server processes to share (instances behind a load balancer, tried on one machine) and for the
 * benchmarks, where they should not share the server's event loop any more than Shopify and Stripe
 * would. Prints, as one JSON line on stdout, the environment that points a server at them (with the
 * seeded products' variant ids as the catalog's), and runs until SIGTERM or SIGINT. The Shopify
 * emulator's test hooks (`/__control`) are mounted here, answering this machine only
 * (sandbox/test-hooks.ts).
 *
 * Options (environment): EMULATOR_WEBHOOK_URLS, comma-separated: where the Stripe emulator delivers
 * its events (a server's /api/stripe-webhook). Without it, payments made on the pay page reach no one.
 * EMULATOR_CONTROL_PORT: serves the emulators' test hooks for another process on that loopback port
 * (standalone-control.ts; the chaos run). EMULATOR_MAIL_KEEP: how many e-mails the mail emulator keeps
 * (default 500; a long run that counts every message needs more). EMULATOR_KEEP_ORDERS: how many
 * paid checkouts the Shopify and Stripe emulators must keep to be counted (default 5,000; the chaos
 * run at 50 a second for 10 minutes needs about 45,000).
 */
import { createLogger } from "../app/server/runtime/logger.server";
import { MAX_ORDERS } from "./shopify/orders";
import { startStandaloneControl } from "./standalone-control";
import { startStandaloneEmulators } from "./standalone-emulators";

const logger = createLogger(process.env.LOG_LEVEL ?? "warn");
const webhookUrls = (process.env.EMULATOR_WEBHOOK_URLS ?? "")
  .split(",")
  .map((url) => url.trim())
  .filter(Boolean);

const keepOrders = process.env.EMULATOR_KEEP_ORDERS ? Number(process.env.EMULATOR_KEEP_ORDERS) : undefined;
const emulators = await startStandaloneEmulators({
  logger,
  shopify: { controlHooks: true, maxOrders: keepOrders },
  // Its dashboard advances a subscription by moving its customer's test clock (sandbox/stripe/README.md).
  // Stripe keeps twice as many sessions as Shopify keeps orders (a session may be left unpaid).
  stripe: {
    webhookUrls,
    clockPerCheckoutCustomer: true,
    retainScale: keepOrders ? keepOrders / MAX_ORDERS : 1,
  },
  mail: { keep: process.env.EMULATOR_MAIL_KEEP ? Number(process.env.EMULATOR_MAIL_KEEP) : undefined },
});
const controlPort = Number(process.env.EMULATOR_CONTROL_PORT ?? 0);
const closeControl = controlPort > 0 ? await startStandaloneControl(emulators, controlPort) : async () => {};
process.stdout.write(`${JSON.stringify(emulators.env)}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await closeControl();
  await emulators.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
