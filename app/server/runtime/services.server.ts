import { QUIZ_RESULT_DAYS } from "~/content/quiz";
import { brand, placeholdersLeft } from "~/content/site";
import { createPasskeys, type Passkeys } from "~/server/accounts/passkeys.server";
import {
  accountSignInTemplate,
  createShopperAuth,
  type ShopperAuth,
} from "~/server/accounts/shopper-auth.server";
import { type AdminAuth, adminSignInTemplate, createAdminAuth } from "~/server/admin/admin-auth.server";
import { type AdminOrderDetails, createAdminOrderDetails } from "~/server/admin/admin-order-detail.server";
import { type AdminOrders, createAdminOrders } from "~/server/admin/admin-orders.server";
import { type AdminReviews, createAdminReviews } from "~/server/admin/admin-reviews.server";
import { type AdminSubscriptions, createAdminSubscriptions } from "~/server/admin/admin-subscriptions.server";
import { sandboxOperatorFor } from "~/server/admin/sandbox-operator.server";
import { type Database, openDatabase } from "~/server/db/client.server";
import { createHealthDataCipher, type HealthDataCipher } from "~/server/health-data/cipher.server";
import { resolveHealthDataKeys } from "~/server/health-data/keys.server";
import { createRateLimiter, type RateLimiter } from "~/server/http/rate-limits.server";
import { kitNoticeTemplates } from "~/server/kits/kit-emails.server";
import { createKits, type Kits } from "~/server/kits/kits.server";
import { createMailer, type Mailer } from "~/server/mail/mailer.server";
import { createOutbox, type Outbox } from "~/server/mail/outbox.server";
import {
  createNewsletter,
  type Newsletter,
  newsletterConfirmationTemplate,
} from "~/server/newsletter/newsletter.server";
import { type CheckoutService, createCheckoutService } from "~/server/orders/checkout.server";
import { createFulfilment, type Fulfilment } from "~/server/orders/fulfilment.server";
import { orderConfirmationTemplate } from "~/server/orders/order-email.server";
import { createOrderLinks, type OrderLinks } from "~/server/orders/order-link.server";
import { createOrderTracking, type OrderTracking } from "~/server/orders/order-tracking.server";
import { createPaymentEvents, type PaymentEvents } from "~/server/orders/payment-events.server";
import { createRefunds, type Refunds } from "~/server/orders/refunds.server";
import { createSellableVariants, type SellableVariants } from "~/server/orders/sellable-variants.server";
import { createShopifySync, type ShopifySync } from "~/server/orders/shopify-sync.server";
import { createRetentionJob, type RetentionJob } from "~/server/privacy/retention.server";
import { createQuiz, type Quiz, quizPlanTemplate } from "~/server/quiz/quiz.server";
import { createQuizTokens } from "~/server/quiz/quiz-tokens.server";
import { createResultsPage, type ResultsPage } from "~/server/results/results-page.server";
import {
  createReviewInvitations,
  type ReviewInvitations,
  reviewInvitationTemplate,
} from "~/server/reviews/invitations.server";
import { createReviewListing, type ReviewListing } from "~/server/reviews/listing.server";
import { createReviewForm, type ReviewForm } from "~/server/reviews/review-form.server";
import { createReviewLinks, type ReviewLinks } from "~/server/reviews/review-link.server";
import { createReviews, type Reviews } from "~/server/reviews/reviews.server";
import { createShownRatings, type ShownRatingsSource } from "~/server/reviews/shown-ratings.server";
import {
  type CatalogService,
  type CatalogVariant,
  createShopifyCatalog,
} from "~/server/shopify/catalog.server";
import {
  type CatalogConfig,
  type InProcessEmulators,
  resolveCatalogConfig,
} from "~/server/shopify/catalog-config.server";
import { createCheckoutVariants } from "~/server/shopify/checkout-variants.server";
import { createProductLookup, type ProductLookup } from "~/server/shopify/lookup.server";
import type { ShopifyOrders } from "~/server/shopify/order-types";
import { createShopifyOrders } from "~/server/shopify/orders.server";
import { createProductCache, type ProductCache } from "~/server/shopify/product-cache.server";
import { createProductCreation, type ProductCreation } from "~/server/shopify/product-creation.server";
import { createPayments } from "~/server/stripe/payments.server";
import type { Payments } from "~/server/stripe/types";
import type { ManageSubscriptions } from "~/server/subscriptions/manage-subscriptions.server";
import { reminderTemplates, type SubscriptionReminders } from "~/server/subscriptions/reminders.server";
import { subscriptionWelcomeTemplate } from "~/server/subscriptions/sign-up-email.server";
import type { Subscribe } from "~/server/subscriptions/subscribe.server";
import type { SubscribePage } from "~/server/subscriptions/subscribe-page.server";
import {
  paymentFailedTemplate,
  subscriptionCanceledTemplate,
  subscriptionChangedTemplate,
} from "~/server/subscriptions/subscription-emails.server";
import { createSubscriptionServices } from "~/server/subscriptions/subscription-services.server";
import type { UnconfirmedChangesSweep } from "~/server/subscriptions/unconfirmed-changes.server";
import {
  type Contact,
  contactAcknowledgementTemplate,
  contactForSupportTemplate,
  createContact,
} from "~/server/support/contact.server";
import {
  createGuarantee,
  type Guarantee,
  guaranteeAcknowledgementTemplate,
  guaranteeForSupportTemplate,
} from "~/server/support/guarantee.server";
import { type Env, isLiveStripeKey } from "./env.server";
import { createKitResultServices, type KitResultServices } from "./kit-result-services.server";
import type { Logger } from "./logger.server";
import { resolveSiteSecret } from "./site-secret.server";

/**
 * Everything stateful the app talks to, created once per process by server.ts and handed to every
 * loader and action through the load context (docs/decisions/001-services-in-load-context.md).
 */
export type AppServices = {
  env: Env;
  logger: Logger;
  database: Database;
  /** Per-client-IP limits of the API functions (app/server/http/rate-limits.server.ts). */
  rateLimiter: RateLimiter;
  /** Shopify: products by handle, variants by id, product creation (app/server/shopify). */
  catalog: CatalogService;
  /** Each purchasable item's variant id, and whether the Shopify emulator is in use. */
  catalogConfig: CatalogConfig;
  /** shopify-get-product's cache (TTL, stale-while-revalidate, stale-if-error). */
  productCache: ProductCache;
  /**
   * The variants a page shows offers for (price, compare-at), by the ids checkout sells, with the
   * product cache's strategy: a page never waits on Shopify once warm (decision 080).
   */
  offerCache: ProductCache<CatalogVariant[]>;
  /** Stripe Checkout (app/server/stripe). */
  payments: Payments;
  /** SMTP (app/server/mail/mailer.server.ts). */
  mailer: Mailer;
  /** The e-mail outbox and its background sender (app/server/mail/outbox.server.ts). */
  outbox: Outbox;
  /** What checkout sells: the configured variants and the products shopify-create-product made. */
  sellableVariants: SellableVariants;
  /** hybrid-checkout: Shopify's prices into a Stripe Checkout Session (app/server/orders). */
  checkout: CheckoutService;
  /** Paid session → one order and one confirmation e-mail, exactly once (app/server/orders). */
  fulfilment: Fulfilment;
  /** Orders in the brand's Shopify: create, status, refund (app/server/shopify/orders.server.ts). */
  shopifyOrders: ShopifyOrders;
  /** Orders and refunds to Shopify, exactly once, in the background (app/server/orders). */
  shopifySync: ShopifySync;
  /** Stripe refunds recorded and mirrored (app/server/orders/refunds.server.ts). */
  refunds: Refunds;
  /** The newsletter list: double opt-in, unsubscribe (app/server/newsletter). */
  newsletter: Newsletter;
  /** The order page's signed links (app/server/orders/order-link.server.ts). */
  orderLinks: OrderLinks;
  /** The shopper's order page: the order and its status in Shopify (app/server/orders). */
  orderTracking: OrderTracking;
  /** The back office: sign-in by e-mailed link, sessions (app/server/admin). */
  adminAuth: AdminAuth;
  /** The back office's order list and sync retries (app/server/admin). */
  adminOrders: AdminOrders;
  /** One order as the back office shows it, with a fresh link to the shopper's page (app/server/admin). */
  adminOrderDetails: AdminOrderDetails;
  /** The back office's subscriptions: state, cycle, next charge, failed payments (app/server/admin). */
  adminSubscriptions: AdminSubscriptions;
  /** The contact form: stored, e-mailed to support, acknowledged (app/server/support). */
  contact: Contact;
  /** The 60-day guarantee's requests (app/server/support). */
  guarantee: Guarantee;
  /** Reviews: recorded through the moderation rules, the rating computed from published ones (app/server/reviews). */
  reviews: Reviews;
  /** The ratings the pages carry, read without waiting (app/server/reviews/shown-ratings.server.ts). */
  shownRatings: ShownRatingsSource;
  /** The back office's reviews: the held queue, the list, decisions with a recorded reason (app/server/admin). */
  adminReviews: AdminReviews;
  /** The published reviews a page lists (filter, order, pages) and the "helpful" votes (app/server/reviews). */
  reviewListing: ReviewListing;
  /** Deletes what the privacy policy keeps no longer, every hour (app/server/privacy). */
  retention: RetentionJob;
  /** The review invitation's signed links, one per order and product (app/server/reviews). */
  reviewLinks: ReviewLinks;
  /** One review invitation per order, days after it ships, in the background (app/server/reviews). */
  reviewInvitations: ReviewInvitations;
  /** The write-a-review page behind the signed link (app/server/reviews). */
  reviewForm: ReviewForm;
  /** Seals and opens health data at rest (decision 100): the quiz, the kit results. */
  healthData: HealthDataCipher;
  /** The product reads of the pages and shopify-get-product, the catalog and its caches bound in. */
  productLookup: ProductLookup;
  /** shopify-create-product's work: creation in Shopify, the cache told, the variant made sellable. */
  productCreation: ProductCreation;
  /** Stripe's events as the webhook hands them on. */
  paymentEvents: PaymentEvents;
  /** Starts a subscription on Shopify's selling plan: a Stripe Checkout in subscription mode (decision 130). */
  subscribe: Subscribe;
  /** The subscriber's own subscription at /account/subscription: view, skip, pause, cycle, bottles, cancel (decision 132). */
  manageSubscriptions: ManageSubscriptions;
  /** The sign-up page's offer, terms and calendar, its start, and the welcome page (decision 131). */
  subscribePage: SubscribePage;
  /** The subscribers' changes Stripe did not take at once, carried or dropped (decision 157). */
  unconfirmedChanges: UnconfirmedChangesSweep;
  /** The subscribers' reminders, sent on Stripe's clock in the background (decision 133). */
  subscriptionReminders: SubscriptionReminders;
  /** The T-Quiz: sealed step and result tokens, the outcome counts, saved answers, the plan e-mail (app/server/quiz). */
  quiz: Quiz;
  /** Shoppers' accounts: sign-in by e-mailed link, no password (app/server/accounts, decision 107). */
  shopperAuth: ShopperAuth;
  /** Shoppers' passkeys, the second way in: WebAuthn ceremonies and the account's list (decision 116). */
  passkeys: Passkeys;
  /** Kit IDs, batches, states and registrations (app/server/kits, decisions 106 and 108). */
  kits: Kits;
  /** The signed-in results page: results, kits on their way, the timeline (app/server/results). */
  resultsPage: ResultsPage;
} & KitResultServices;

export type ServiceOptions = {
  /** The drizzle/ folder of SQL migrations, applied before the database is handed out. */
  migrationsFolder: string;
  /** The emulators server.ts started in this process (sandbox/index.ts's `active`). */
  inProcessEmulators?: InProcessEmulators;
};

export async function createServices(
  env: Env,
  logger: Logger,
  options: ServiceOptions,
): Promise<AppServices> {
  const inProcessEmulators = options.inProcessEmulators ?? [];
  // The company's name, address and support e-mail (and the kit's lab) are shown on the pages and receive the
  // support forms: a placeholder left there is a store that cannot be reached (README, "Before launch").
  const unfilled = placeholdersLeft();
  if (unfilled.length > 0) {
    const level = isLiveStripeKey(env.STRIPE_SECRET_KEY) ? "error" : "warn";
    logger[level](
      { placeholders: unfilled },
      "settings still hold the sandbox's placeholders (the lab's name, LAB_NAME at build): set them before launch",
    );
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.PGLITE_DIR,
    pgliteTemplate: env.PGLITE_TEMPLATE,
    migrationsFolder: options.migrationsFolder,
  });
  logger.info({ database: database.kind }, "database opened");
  const rateLimiter = await createRateLimiter({
    redisUrl: env.RATE_LIMIT_REDIS_URL,
    databaseUrl: env.DATABASE_URL,
    multiplier: env.RATE_LIMIT_MULTIPLIER,
    logger,
  });
  logger.info({ store: rateLimiter.store }, "rate-limit counters ready");
  const catalog = createShopifyCatalog({ env, logger });
  const catalogConfig = resolveCatalogConfig(env, inProcessEmulators);
  const productCacheOptions = {
    ttlMs: env.PRODUCT_CACHE_TTL_SECONDS * 1000,
    swrMs: env.PRODUCT_CACHE_SWR_SECONDS * 1000,
    maxStaleMs: env.PRODUCT_CACHE_MAX_STALE_SECONDS * 1000,
    logger,
  };
  const productCache = createProductCache(productCacheOptions);
  const offerCache = createProductCache<CatalogVariant[]>({ ...productCacheOptions, maxEntries: 20 });
  // server.ts always has both: the sandbox supplies the emulators' when the real ones are not configured.
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) throw new Error("STRIPE_SECRET_KEY is not set");
  if (!env.SMTP_URL) throw new Error("SMTP_URL is not set");
  const stripeConfig = {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
    shippingCountries: env.SHIPPING_COUNTRIES,
    siteUrl: env.PUBLIC_SITE_URL,
  };
  const payments = createPayments({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
    shippingCountries: env.SHIPPING_COUNTRIES,
    automaticTax: env.STRIPE_AUTOMATIC_TAX,
    siteUrl: env.PUBLIC_SITE_URL,
  });
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const outbox = createOutbox({
    db: database.db,
    mailer,
    logger,
    templates: [
      orderConfirmationTemplate,
      newsletterConfirmationTemplate,
      adminSignInTemplate,
      accountSignInTemplate,
      contactForSupportTemplate,
      contactAcknowledgementTemplate,
      guaranteeForSupportTemplate,
      guaranteeAcknowledgementTemplate,
      reviewInvitationTemplate,
      quizPlanTemplate,
      paymentFailedTemplate,
      subscriptionCanceledTemplate,
      subscriptionChangedTemplate,
      subscriptionWelcomeTemplate,
      ...reminderTemplates,
      ...kitNoticeTemplates,
    ],
    claimInTransaction: database.kind === "postgres",
  });
  const sellableVariants = createSellableVariants({
    db: database.db,
    configuredIds: Object.values(catalogConfig.variantIds),
  });
  const checkout = createCheckoutService({
    db: database.db,
    payments,
    catalog: createCheckoutVariants({ catalog, ttlMs: env.CHECKOUT_VARIANT_CACHE_SECONDS * 1000 }),
    sellable: sellableVariants,
    logger,
    siteUrl: env.PUBLIC_SITE_URL,
  });
  const shopifyOrders = createShopifyOrders({ env, logger });
  const shopifySync = createShopifySync({
    db: database.db,
    shopifyOrders,
    logger,
    leaseMs: env.SHOPIFY_SYNC_LEASE_SECONDS * 1000,
    retryMaxMs: env.SHOPIFY_SYNC_RETRY_MAX_SECONDS * 1000,
    claimInTransaction: database.kind === "postgres",
  });
  const refunds = createRefunds({ db: database.db, payments, shopifySync, logger });
  const siteSecret = await resolveSiteSecret(database.db, env.SITE_SECRET);
  const healthData = createHealthDataCipher(await resolveHealthDataKeys(database.db, env.HEALTH_DATA_KEYS));
  const orderLinks = createOrderLinks({
    secret: siteSecret,
    siteUrl: env.PUBLIC_SITE_URL,
    ttlDays: env.ORDER_LINK_TTL_DAYS,
  });
  const fulfilment = createFulfilment({
    db: database.db,
    payments,
    outbox,
    shopifySync,
    logger,
    orderLinks,
    itemOf: catalogConfig.itemOf,
  });
  const subscriptions = createSubscriptionServices({
    db: database.db,
    stripe: stripeConfig,
    catalog,
    catalogConfig,
    outbox,
    shopifySync,
    orderLinks,
    siteUrl: env.PUBLIC_SITE_URL,
    logger,
    page: {
      liveTtlMs: env.CHECKOUT_VARIANT_CACHE_SECONDS * 1000,
      shownCache: {
        ttlMs: productCacheOptions.ttlMs,
        swrMs: productCacheOptions.swrMs,
        maxStaleMs: productCacheOptions.maxStaleMs,
      },
    },
    claimInTransaction: database.kind === "postgres",
    unconfirmedChangesPollMs: env.SUBSCRIPTION_CHANGE_SWEEP_SECONDS * 1000,
  });
  // The first read of the plan for the links to /subscribe, in the background (answered once the
  // server takes requests: the sandbox's Shopify is served by this process).
  subscriptions.page.entryOffer();
  const orderTracking = createOrderTracking({
    db: database.db,
    links: orderLinks,
    logger,
    shopify: shopifyOrders,
  });
  const adminAuth = createAdminAuth({
    db: database.db,
    outbox,
    logger,
    siteUrl: env.PUBLIC_SITE_URL,
    adminEmails: env.ADMIN_EMAILS,
    sandboxOperator: sandboxOperatorFor(env.ADMIN_EMAILS, inProcessEmulators),
  });
  const shopperAuth = createShopperAuth({
    db: database.db,
    outbox,
    logger,
    siteUrl: env.PUBLIC_SITE_URL,
  });
  const passkeys = createPasskeys({
    db: database.db,
    logger,
    siteUrl: env.PUBLIC_SITE_URL,
    rpName: brand.name,
    openSession: shopperAuth.openSession,
    endOtherSessions: shopperAuth.endOtherSessions,
  });
  const kits = createKits({ db: database.db, logger, healthData });
  const adminOrders = createAdminOrders({ db: database.db, logger, sync: shopifySync });
  const adminOrderDetails = createAdminOrderDetails({
    db: database.db,
    tracking: orderTracking,
    linkTtlDays: env.ORDER_LINK_TTL_DAYS,
  });
  const newsletter = createNewsletter({ db: database.db, outbox, logger, siteUrl: env.PUBLIC_SITE_URL });
  const contact = createContact({ db: database.db, outbox, logger });
  const guarantee = createGuarantee({ db: database.db, outbox, logger, siteUrl: env.PUBLIC_SITE_URL });
  // Sample reviews count only while the sandbox stands in for the store (never with a real one).
  const reviews = createReviews({
    db: database.db,
    logger,
    includeSamples: catalogConfig.shopifyEmulated,
  });
  const shownRatings = createShownRatings({ reviews, logger });
  const adminReviews = createAdminReviews({ db: database.db, reviews });
  // Listed under the same rule as the rating: samples only while the sandbox stands in for the store.
  const reviewListing = createReviewListing({
    db: database.db,
    logger,
    includeSamples: catalogConfig.shopifyEmulated,
    secret: siteSecret,
  });
  const retention = createRetentionJob({ db: database.db, logger });
  const reviewLinks = createReviewLinks({ secret: siteSecret, siteUrl: env.PUBLIC_SITE_URL });
  const reviewInvitations = createReviewInvitations({
    db: database.db,
    shopifyOrders,
    outbox,
    links: reviewLinks,
    logger,
    itemOf: catalogConfig.itemOf,
    inviteDays: env.REVIEW_INVITE_DAYS,
    pollIntervalMs: env.REVIEW_INVITE_POLL_SECONDS * 1000,
    claimInTransaction: database.kind === "postgres",
  });
  const reviewForm = createReviewForm({
    db: database.db,
    links: reviewLinks,
    reviews,
    itemOf: catalogConfig.itemOf,
  });
  const quiz = createQuiz({
    db: database.db,
    tokens: createQuizTokens({ secret: siteSecret, resultDays: QUIZ_RESULT_DAYS }),
    healthData,
    outbox,
    logger,
    siteUrl: env.PUBLIC_SITE_URL,
  });
  const kitResultServices = await createKitResultServices({
    env,
    db: database.db,
    logger,
    healthData,
    outbox,
    shopifySync,
    testKitVariantId: catalogConfig.variantIds.test_kit,
  });
  // Sends what is due, including messages and orders recorded before a restart.
  outbox.start();
  shopifySync.start();
  retention.start();
  reviewInvitations.start();
  subscriptions.reminders.start();
  subscriptions.unconfirmedChanges.start();
  kitResultServices.resultRetention.start();
  const resultsPage = createResultsPage({
    db: database.db,
    kitResults: kitResultServices.kitResults,
    kits,
    quiz,
    itemOf: catalogConfig.itemOf,
  });
  return {
    env,
    logger,
    database,
    rateLimiter,
    catalog,
    catalogConfig,
    productCache,
    offerCache,
    payments,
    mailer,
    outbox,
    sellableVariants,
    checkout,
    fulfilment,
    shopifyOrders,
    shopifySync,
    refunds,
    newsletter,
    orderLinks,
    orderTracking,
    adminAuth,
    adminOrders,
    adminOrderDetails,
    adminSubscriptions: createAdminSubscriptions({ db: database.db }),
    contact,
    guarantee,
    reviews,
    shownRatings,
    adminReviews,
    reviewListing,
    retention,
    reviewLinks,
    reviewInvitations,
    reviewForm,
    healthData,
    productLookup: createProductLookup({ catalog, productCache, offerCache, catalogConfig, logger }),
    productCreation: createProductCreation({ catalog, productCache, sellable: sellableVariants, logger }),
    paymentEvents: createPaymentEvents({
      payments,
      fulfilment,
      refunds,
      logger,
      subscriptions: subscriptions.events,
      invoiceRefunds: subscriptions.invoiceRefunds,
    }),
    subscribe: subscriptions.subscribe,
    manageSubscriptions: subscriptions.manage,
    subscribePage: subscriptions.page,
    subscriptionReminders: subscriptions.reminders,
    unconfirmedChanges: subscriptions.unconfirmedChanges,
    quiz,
    shopperAuth,
    passkeys,
    kits,
    resultsPage,
    ...kitResultServices,
  };
}

/** How long closing the services may take at most, so a silent database cannot hold a shutdown up. */
export const CLOSE_SERVICES_MS = 3_000;

/**
 * Closes everything within `timeoutMs` (decision 060): the outbox, the Shopify sync and the retention job first (no new
 * claim; the send or call in progress gets up to half the time, and if it is cut off its message stays claimed until the lease
 * ends, then is sent by whichever worker comes next), then the connections, each cut at the deadline.
 */
export async function closeServices(services: AppServices, timeoutMs = CLOSE_SERVICES_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(0, deadline - Date.now());
  await Promise.all([
    services.outbox.stop(timeoutMs / 2),
    services.shopifySync.stop(timeoutMs / 2),
    services.retention.stop(timeoutMs / 2),
    services.reviewInvitations.stop(timeoutMs / 2),
    services.subscriptionReminders.stop(timeoutMs / 2),
    services.unconfirmedChanges.stop(timeoutMs / 2),
    services.resultRetention.stop(timeoutMs / 2),
  ]);
  services.mailer.close();
  await Promise.all([services.rateLimiter.close(left()), services.database.close(left())]);
}
