import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { checkouts, createdProducts, emailDeliveries, orders, shopifySyncs } from "~/server/db/schema";
import { RequestRejectedError } from "~/server/errors.server";
import { createMailer, type Mailer } from "~/server/mail/mailer.server";
import { createOutbox, type Outbox } from "~/server/mail/outbox.server";
import { createCheckoutService } from "~/server/orders/checkout.server";
import { createFulfilment, type Fulfilment } from "~/server/orders/fulfilment.server";
import { orderConfirmationTemplate } from "~/server/orders/order-email.server";
import { createOrderLinks } from "~/server/orders/order-link.server";
import { createSellableVariants, type SellableVariants } from "~/server/orders/sellable-variants.server";
import { createShopifySync } from "~/server/orders/shopify-sync.server";
import type { ShopifyOrders } from "~/server/shopify/order-types";
import type { CatalogVariant } from "~/server/shopify/types";
import type {
  CheckoutSessionDetails,
  CreateCheckoutSessionInput,
  CreatedCheckoutSession,
  Payments,
} from "~/server/stripe/types";
import { type MailEmulator, startMailEmulator } from "../../sandbox/mail/emulator";
import { openTestDatabase } from "../support/memory-database";

/**
 * Decision 062 on a real database (PGlite) with a Stripe that says what each case needs (the
 * emulator cannot be made to report these): fulfilment fulfils only a checkout this site recorded,
 * with Stripe's amount and currency as recorded, and only when Stripe says `paid`; checkout records
 * the total it computed and refuses a session Stripe created for another amount; only the configured
 * variants and the recorded created products are sold.
 */

const ENHANCER = "gid://shopify/ProductVariant/49100000000001";
const KIT = "gid://shopify/ProductVariant/49100000000002";
const CREATED = "gid://shopify/ProductVariant/49200000000001";
const ELSEWHERE = "gid://shopify/ProductVariant/49200000000099";
const PLACEHOLDER = "gid://shopify/ProductVariant/YOUR_BUNDLE_VARIANT_ID";

const address = {
  name: "Sam Buyer",
  line1: "500 Congress Ave",
  line2: null,
  city: "Austin",
  state: "TX",
  postalCode: "78701",
  country: "US",
};

/** A Stripe that knows the sessions a test gives it, and creates sessions answering `createdAs`. */
function fakePayments() {
  const sessions = new Map<string, CheckoutSessionDetails>();
  const calls: string[] = [];
  let counter = 0;
  let createdAs: ((input: CreateCheckoutSessionInput) => Partial<CreatedCheckoutSession>) | null = null;
  const payments: Payments = {
    async createCheckoutSession(input) {
      calls.push("create");
      const id = `cs_test_unit${++counter}`;
      const amountTotal = input.lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
      return {
        id,
        url: `https://pay.example/${id}`,
        amountTotal,
        currency: input.lines[0]?.currency ?? "usd",
        status: "open",
        ...createdAs?.(input),
      };
    },
    async retrieveCheckoutSession(sessionId) {
      calls.push(`retrieve ${sessionId}`);
      return sessions.get(sessionId) ?? null;
    },
    async retrieveChargeRefunds() {
      throw new Error("not used");
    },
    async checkoutSessionOfPaymentIntent() {
      throw new Error("not used");
    },
    parseWebhook() {
      throw new Error("not used");
    },
  };
  return {
    payments,
    calls,
    sessions,
    createAs(fn: typeof createdAs) {
      createdAs = fn;
    },
  };
}

function paidSession(id: string, overrides: Partial<CheckoutSessionDetails> = {}): CheckoutSessionDetails {
  return {
    id,
    status: "complete",
    paymentStatus: "paid",
    email: "sam.buyer@example.com",
    customerName: "Sam Buyer",
    shippingAddress: address,
    lines: [
      {
        variantId: ENHANCER,
        productTitle: "Forge Enhancer",
        variantTitle: null,
        quantity: 1,
        unitAmount: 3_900,
        currency: "usd",
      },
    ],
    amountTotal: 3_900,
    currency: "usd",
    amountSubtotal: 3_900,
    amountDiscount: 0,
    amountShipping: 0,
    amountTax: 0,
    promotionCode: null,
    shippingTitle: "Free shipping",
    paymentIntentId: `pi_for_${id}`,
    ...overrides,
  };
}

const catalogVariant = (id: string, title: string, amount: string): CatalogVariant => ({
  id,
  productTitle: title,
  variantTitle: "Default Title",
  price: { amount, currencyCode: "USD" },
  compareAtPrice: null,
  availableForSale: true,
});

describe("only this site's checkouts, and only what it sells (decision 062)", () => {
  let database: Database;
  let mail: MailEmulator;
  let mailer: Mailer;
  let outbox: Outbox;
  let stripe: ReturnType<typeof fakePayments>;
  let fulfilment: Fulfilment;
  let sellable: SellableVariants;
  const logger = pino({ level: "silent" });
  const catalogCalls: string[][] = [];
  const catalog = {
    async getVariants(ids: string[]) {
      catalogCalls.push(ids);
      const known = [
        catalogVariant(ENHANCER, "Forge Enhancer", "39.00"),
        catalogVariant(KIT, "Test Kit", "49.00"),
        catalogVariant(CREATED, "Forge Test Product", "0.50"),
        catalogVariant(ELSEWHERE, "Someone Else's Item", "0.50"),
      ];
      return known.filter((variant) => ids.includes(variant.id));
    },
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    mail = await startMailEmulator();
    mailer = createMailer({ smtpUrl: mail.smtpUrl, from: "Forge <orders@forge.example>" });
    outbox = createOutbox({ db: database.db, mailer, logger, templates: [orderConfirmationTemplate] });
    // PGlite starts and migrates in a few seconds, longer on a busy machine.
  }, 60_000);
  afterAll(async () => {
    await outbox?.stop();
    mailer?.close();
    await mail?.close();
    await database?.close();
  });
  beforeEach(async () => {
    stripe = fakePayments();
    fulfilment = createFulfilment({
      db: database.db,
      payments: stripe.payments,
      outbox,
      // Never started here: these tests are about what is recorded, not about Shopify.
      shopifySync: createShopifySync({ db: database.db, shopifyOrders: {} as ShopifyOrders, logger }),
      logger,
      orderLinks: createOrderLinks({
        secret: "s".repeat(32),
        siteUrl: "http://localhost:3000",
        ttlDays: 180,
      }),
    });
    sellable = createSellableVariants({ db: database.db, configuredIds: [ENHANCER, KIT, PLACEHOLDER] });
    catalogCalls.length = 0;
    await database.db.delete(emailDeliveries);
    await database.db.delete(shopifySyncs);
    await database.db.delete(orders);
    await database.db.delete(checkouts);
    await database.db.delete(createdProducts);
  });

  const record = (stripeSessionId: string, amountTotal = 3_900, currency = "usd") =>
    database.db.insert(checkouts).values({
      stripeSessionId,
      lines: paidSession(stripeSessionId).lines,
      amountTotal,
      currency,
      status: "open",
    });
  const written = async () => ({
    orders: (await database.db.select().from(orders)).length,
    emails: (await database.db.select().from(emailDeliveries)).length,
  });

  it("refuses a paid session no checkout of this site recorded, without asking Stripe", async () => {
    stripe.sessions.set("cs_test_elsewhere", paidSession("cs_test_elsewhere"));
    const result = await fulfilment.fulfil("cs_test_elsewhere", { source: "webhook" });
    expect(result).toEqual({ outcome: "refused", reason: "not_this_site" });
    expect(stripe.calls).toEqual([]);
    expect(await written()).toEqual({ orders: 0, emails: 0 });
  });

  it.each([
    ["another amount", { amountTotal: 50 }],
    ["another currency", { currency: "eur" }],
  ])("refuses a recorded session Stripe reports for %s", async (_name, overrides) => {
    await record("cs_test_changed");
    stripe.sessions.set("cs_test_changed", paidSession("cs_test_changed", overrides));
    const result = await fulfilment.fulfil("cs_test_changed", { source: "page" });
    expect(result).toEqual({ outcome: "refused", reason: "amount_mismatch" });
    expect(await written()).toEqual({ orders: 0, emails: 0 });
  });

  it("refuses no_payment_required, whether for the recorded amount or for nothing (as Stripe reports a free session)", async () => {
    await record("cs_test_free");
    stripe.sessions.set(
      "cs_test_free",
      paidSession("cs_test_free", { paymentStatus: "no_payment_required" }),
    );
    expect(await fulfilment.fulfil("cs_test_free", { source: "page" })).toEqual({
      outcome: "refused",
      reason: "no_payment",
    });
    await record("cs_test_zero");
    stripe.sessions.set(
      "cs_test_zero",
      paidSession("cs_test_zero", { paymentStatus: "no_payment_required", amountTotal: 0 }),
    );
    expect(await fulfilment.fulfil("cs_test_zero", { source: "webhook" })).toEqual({
      outcome: "refused",
      reason: "amount_mismatch",
    });
    expect(await written()).toEqual({ orders: 0, emails: 0 });
  });

  it("fulfils a recorded session Stripe reports paid for the recorded amount and currency", async () => {
    await record("cs_test_ours");
    stripe.sessions.set("cs_test_ours", paidSession("cs_test_ours"));
    const result = await fulfilment.fulfil("cs_test_ours", { source: "page" });
    expect(result).toMatchObject({ outcome: "fulfilled", created: true, order: { amountTotal: 3_900 } });
    expect(await written()).toEqual({ orders: 1, emails: 1 });
  });

  describe("checkout", () => {
    const service = () =>
      createCheckoutService({
        db: database.db,
        payments: stripe.payments,
        catalog,
        sellable,
        logger,
        siteUrl: "http://localhost:3000",
      });
    const start = (variantId: string, quantity = 1) =>
      service().start({
        lines: [{ variantId, quantity }],
        cancelUrl: "http://localhost:3000/",
        requestKey: `key ${Math.random()}`,
      });

    it("records the total it computed from Shopify's prices", async () => {
      const started = await start(KIT, 3);
      const [row] = await database.db.select().from(checkouts);
      expect(row).toMatchObject({ stripeSessionId: started.sessionId, amountTotal: 14_700, currency: "usd" });
    });

    it("sends no one to pay a session Stripe created for another amount, and records nothing", async () => {
      stripe.createAs(() => ({ amountTotal: 1 }));
      await expect(start(ENHANCER)).rejects.toThrow(/another amount/);
      expect(await database.db.select().from(checkouts)).toEqual([]);
    });

    it("refuses a variant it does not sell with 400, before asking Shopify or Stripe", async () => {
      const refused = await start(ELSEWHERE).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RequestRejectedError);
      expect(refused).toMatchObject({
        category: "request_rejected",
        message: `This store does not sell ${ELSEWHERE}: only the store's own products can be bought here.`,
      });
      expect(catalogCalls).toEqual([]);
      expect(stripe.calls).toEqual([]);
      expect(await database.db.select().from(checkouts)).toEqual([]);
    });

    it("sells a product once shopify-create-product recorded it", async () => {
      await expect(start(CREATED)).rejects.toMatchObject({ category: "request_rejected" });
      await sellable.recordCreated({
        variantId: CREATED,
        productId: "gid://shopify/Product/9200000000001",
        handle: "forge-test-product-x",
      });
      const started = await start(CREATED);
      expect(started).toMatchObject({ amountTotal: 50, currency: "usd" });
    });
  });

  it("sells the configured variants and the recorded ones, never a placeholder", async () => {
    expect(await sellable.notSold([ENHANCER, KIT])).toEqual([]);
    expect(await sellable.notSold([ENHANCER, PLACEHOLDER, ELSEWHERE, CREATED])).toEqual([
      PLACEHOLDER,
      ELSEWHERE,
      CREATED,
    ]);
    await sellable.recordCreated({ variantId: CREATED, productId: "gid://shopify/Product/1", handle: "a" });
    await sellable.recordCreated({ variantId: CREATED, productId: "gid://shopify/Product/1", handle: "a" });
    expect(await sellable.notSold([CREATED, ELSEWHERE])).toEqual([ELSEWHERE]);
  });
});
