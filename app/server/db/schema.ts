import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ShippingAddress } from "~/contracts/order-confirmation";

/**
 * Every table the app keeps. Migrations under `drizzle/` are generated from this file with
 * `npm run db:generate` and applied when the server starts. Every write is idempotent: uniqueness
 * lives in these constraints, not in a process's memory (docs/decisions/004-database.md).
 */

/** One line of a checkout or order, with the name and price Shopify gave at checkout time. */
export type OrderLine = {
  variantId: string;
  productTitle: string;
  variantTitle: string | null;
  quantity: number;
  /** Minor units (cents). */
  unitAmount: number;
  currency: string;
};

/** The address's shape is part of the order-confirmation reply (decision 072). */
export type { ShippingAddress };

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A Stripe Checkout Session this site created, with the lines and amounts it was created for.
 * Fulfilment fulfils only sessions recorded here, and only when Stripe's amount and currency are
 * these (docs/decisions/062-own-checkouts-and-sellable-variants.md).
 */
export const checkouts = pgTable("checkouts", {
  id: uuid("id").primaryKey().defaultRandom(),
  stripeSessionId: text("stripe_session_id").notNull().unique(),
  lines: jsonb("lines").$type<OrderLine[]>().notNull(),
  /** What this site computed from Shopify's prices (minor units), not Stripe's word for it. */
  amountTotal: integer("amount_total").notNull(),
  /** Lower case, as Stripe writes it. */
  currency: text("currency").notNull(),
  /** open | complete | expired */
  status: text("status").notNull().default("open"),
  ...timestamps,
});

/**
 * Subscriptions this site started (issue 36, decisions 119 and 130): recorded `pending` with the
 * Checkout Session that starts it, the terms sold (Shopify's selling plan price, the cycle, the
 * bottles per delivery); the Stripe subscription, customer and the subscriber's e-mail once Stripe
 * says the session is complete. Only a subscription in this table is fulfilled, e-mailed or followed.
 */
export const subscriptions = pgTable("subscriptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  stripeSessionId: text("stripe_session_id").notNull().unique(),
  stripeSubscriptionId: text("stripe_subscription_id").unique(),
  stripeCustomerId: text("stripe_customer_id"),
  /** The subscriber's address, from Stripe once the session is complete. */
  email: text("email"),
  variantId: text("variant_id").notNull(),
  sellingPlanId: text("selling_plan_id").notNull(),
  productTitle: text("product_title").notNull(),
  weeksOn: integer("weeks_on").notNull(),
  weeksOff: integer("weeks_off").notNull(),
  quantity: integer("quantity").notNull(),
  /** Minor units per bottle, from the selling plan when the customer signed up (kept until new terms). */
  unitAmount: integer("unit_amount").notNull(),
  currency: text("currency").notNull(),
  /** pending | active | canceled */
  status: text("status").notNull().default("pending"),
  canceledAt: timestamp("canceled_at", { withTimezone: true }),
  /** How many changes the subscriber made (subscription_changes' last sequence): the page's version. */
  changeCount: integer("change_count").notNull().default(0),
  /** While a change is being carried to Stripe: until when (another waits; a crashed one expires). */
  changingUntil: timestamp("changing_until", { withTimezone: true }),
  ...timestamps,
});

/**
 * Each failed payment of a subscription's invoice (issue 36 item 7), as Stripe's
 * `invoice.payment_failed` announced it: one row per event (Stripe's event id, unique), so a replay
 * counts once and each retry Stripe makes is its own row. The back office lists them; an invoice
 * failed here and not yet an order is what makes a subscription past due (admin-subscriptions.server.ts).
 * Deleted with its subscription.
 */
export const subscriptionPaymentFailures = pgTable(
  "subscription_payment_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stripeEventId: text("stripe_event_id").notNull().unique(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    stripeInvoiceId: text("stripe_invoice_id").notNull(),
    /** Stripe's attempt count on the invoice when the event was handled. */
    attemptCount: integer("attempt_count").notNull(),
    /** Minor units owed. */
    amountDue: integer("amount_due").notNull(),
    currency: text("currency").notNull(),
    /** When Stripe tries again; null when no attempt is left. */
    nextPaymentAttempt: timestamp("next_payment_attempt", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("subscription_payment_failures_subscription").on(table.subscriptionId)],
);

/**
 * What a subscriber changed at /account/subscription (issue 36 item 5, decision 132), in order: the
 * calendar's inputs besides the start and the first cycle (a skipped bottle, a pause, a new cycle) and
 * the other changes (bottles per delivery, a cancellation). `sequence` counts a subscription's changes
 * from 1: one change per number, so two made at once cannot both be recorded.
 */
export const subscriptionChanges = pgTable(
  "subscription_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    /** skip | pause | cycle | quantity | cancel */
    kind: text("kind").notNull(),
    /** skip: the bottle not charged (0 is the first). */
    bottle: integer("bottle"),
    /** pause, cycle: the store's calendar date it takes effect. */
    fromDate: date("from_date", { mode: "string" }),
    /** pause: how many weeks. */
    weeks: integer("weeks"),
    /** cycle: the new weeks on and off, and those before. */
    weeksOn: integer("weeks_on"),
    weeksOff: integer("weeks_off"),
    previousWeeksOn: integer("previous_weeks_on"),
    previousWeeksOff: integer("previous_weeks_off"),
    /** quantity: the new bottles per delivery, and those before. */
    quantity: integer("quantity"),
    previousQuantity: integer("previous_quantity"),
    /**
     * Being carried to Stripe, not yet confirmed (decision 157): written before the first call to
     * Stripe, cleared in the transaction that records the change and queues its e-mail. A change left
     * pending (Stripe did not answer, or the process died) is carried again, or dropped, by
     * unconfirmed-changes.server.ts; nothing reads it as made until then.
     */
    pending: boolean("pending").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("subscription_changes_sequence").on(table.subscriptionId, table.sequence),
    index("subscription_changes_pending").on(table.createdAt).where(sql`${table.pending}`),
  ],
);

/**
 * Products this site's shopify-create-product made in Shopify (the test page's 50-cent item), recorded
 * when Shopify answers with the variant id. Checkout sells these and the catalog's configured variants,
 * nothing else (docs/decisions/062-own-checkouts-and-sellable-variants.md). In the database, not in a
 * process's memory: any instance sells what any other created, and a restart forgets nothing.
 */
export const createdProducts = pgTable("created_products", {
  variantId: text("variant_id").primaryKey(),
  productId: text("product_id").notNull(),
  handle: text("handle").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A paid checkout. One per Stripe session, whoever (page or webhook) fulfils it first. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Human-facing order number, shown on the page and in the e-mail. */
    orderNumber: bigserial("order_number", { mode: "number" }).notNull().unique(),
    stripeSessionId: text("stripe_session_id").notNull().unique(),
    email: text("email").notNull(),
    customerName: text("customer_name"),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress | null>(),
    lines: jsonb("lines").$type<OrderLine[]>().notNull(),
    amountTotal: integer("amount_total").notNull(),
    currency: text("currency").notNull(),
    paymentStatus: text("payment_status").notNull(),
    /** Minor units, as Stripe charged them: lines before discount, the discount, shipping and tax. */
    amountSubtotal: integer("amount_subtotal").notNull(),
    amountDiscount: integer("amount_discount").notNull().default(0),
    amountShipping: integer("amount_shipping").notNull().default(0),
    amountTax: integer("amount_tax").notNull().default(0),
    /** The promotion code the shopper entered on Stripe's page, if any. */
    promotionCode: text("promotion_code"),
    /** Stripe's PaymentIntent (pi_…): the payment the Shopify order's transaction records. */
    paymentIntentId: text("payment_intent_id"),
    /** Sum of the refunds recorded in `refunds` (minor units). */
    amountRefunded: integer("amount_refunded").notNull().default(0),
    /** The order in the brand's Shopify, once the sync has created it (docs/decisions/076-…). */
    shopifyOrderId: text("shopify_order_id"),
    shopifyOrderName: text("shopify_order_name"),
    /** The last status read from Shopify for the order page, and when (shown when Shopify is down). */
    shopifyStatus: jsonb("shopify_status").$type<Record<string, unknown>>(),
    shopifyStatusAt: timestamp("shopify_status_at", { withTimezone: true }),
    /**
     * A subscription's renewal (decision 130): the paid Stripe invoice (in_…) this order is, unique, so
     * each invoice is at most one order; and the subscription it renews. Null for a one-time checkout.
     */
    stripeInvoiceId: text("stripe_invoice_id").unique(),
    subscriptionId: uuid("subscription_id"),
    ...timestamps,
  },
  // The back office finds a shopper's orders by their address, whatever its case (admin-orders.server.ts),
  // and a subscription's orders by the subscription (admin-subscriptions.server.ts).
  (table) => [
    index("orders_email_lower").on(sql`lower(${table.email})`),
    index("orders_subscription_id").on(table.subscriptionId),
  ],
);

/**
 * The Shopify sync queue: each change the brand's Shopify must learn of (an order to create, a refund
 * to mirror) is a row, unique per (kind, dedupe key), written in the transaction that records the change.
 * Workers in any process claim due rows (`FOR UPDATE SKIP LOCKED`, a lease), call Shopify with an
 * idempotency key, and record the answer; a failed call is retried with backoff (docs/decisions/076-…).
 */
export const shopifySyncs = pgTable(
  "shopify_syncs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** order_create | refund */
    kind: text("kind").notNull(),
    /** order_create: the Stripe session id; refund: the Stripe refund id. */
    dedupeKey: text("dedupe_key").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** What the call needs beyond the order row (a refund's amount). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** pending | sending | sent | failed (Shopify refused it: waits for a person to retry) */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** What Shopify answered (the order or refund id). */
    result: jsonb("result").$type<Record<string, unknown>>(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("shopify_syncs_kind_key").on(table.kind, table.dedupeKey),
    index("shopify_syncs_due").on(table.status, table.nextAttemptAt),
    index("shopify_syncs_order").on(table.orderId),
    check("shopify_syncs_status", sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`),
    check("shopify_syncs_kind", sql`${table.kind} in ('order_create', 'refund')`),
  ],
);

/** A refund made in Stripe (dashboard or API), recorded once per Stripe refund id. */
export const refunds = pgTable("refunds", {
  id: uuid("id").primaryKey().defaultRandom(),
  stripeRefundId: text("stripe_refund_id").notNull().unique(),
  orderId: uuid("order_id")
    .notNull()
    .references(() => orders.id),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  reason: text("reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The two tables of sign-in by e-mailed link (app/server/auth/email-link-auth.server.ts): one pair for
 * the back office, one for shoppers, of one shape, so one module serves both (decision 107). The table
 * name is typed as a plain string so either pair fits the module's one type.
 */
function signInLinkTable(name: string) {
  return pgTable(name, {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  });
}
function signInSessionTable(name: string) {
  return pgTable(name, {
    idHash: text("id_hash").primaryKey(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  });
}
export type SignInLinkTable = ReturnType<typeof signInLinkTable>;
export type SignInSessionTable = ReturnType<typeof signInSessionTable>;

/** A back-office sign-in link, stored as a SHA-256 of its token (the token itself is only e-mailed). */
export const adminLoginTokens = signInLinkTable("admin_login_tokens");

/** A signed-in back-office session, stored as a SHA-256 of the cookie's value. */
export const adminSessions = signInSessionTable("admin_sessions");

/** A shopper's sign-in link (issue 35 item 2), as the back office's: only a hash of its token. */
export const shopperSignInLinks = signInLinkTable("shopper_sign_in_links");

/** A signed-in shopper's session, stored as a SHA-256 of the cookie's value. */
export const shopperSessions = signInSessionTable("shopper_sessions");

/**
 * A shopper's account (issue 35 item 2): an e-mail address, no password. Made the first time a sign-in
 * link for the address is used.
 */
export const shoppers = pgTable("shoppers", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Lower case; the address the links go to. */
  email: text("email").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A shopper's passkey (issue 35 item 2, decision 116): a WebAuthn credential their device made, of which
 * the store keeps only the public key. Removed by its owner on /account, or with the account.
 */
export const shopperPasskeys = pgTable(
  "shopper_passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopperId: uuid("shopper_id")
      .notNull()
      .references(() => shoppers.id, { onDelete: "cascade" }),
    /** The authenticator's credential ID, base64url. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter as last seen; 0 for one that keeps none. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** How the browser reaches the authenticator ("internal", "hybrid", "usb" …). */
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    /** What the account page calls it: the browser and system, and the day it was added. */
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [index("shopper_passkeys_shopper_idx").on(table.shopperId)],
);

/**
 * A WebAuthn challenge the server gave out (decision 116): single-use (deleted as it is checked) and
 * good for 5 minutes. One to add a passkey names the signed-in account; one to sign in names none.
 */
export const passkeyChallenges = pgTable("passkey_challenges", {
  /** A SHA-256 of the challenge. */
  challengeHash: text("challenge_hash").primaryKey(),
  purpose: text("purpose").$type<"register" | "sign-in">().notNull(),
  shopperId: uuid("shopper_id").references(() => shoppers.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A batch of kit IDs made in the back office for the warehouse to print (issue 35 item 1). */
export const kitBatches = pgTable("kit_batches", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  size: integer("size").notNull(),
  /** The staff member who made it. */
  createdBy: text("created_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** When it was marked shipped to the warehouse: its kits can be registered from then on. */
  shippedAt: timestamp("shipped_at", { withTimezone: true }),
  shippedBy: text("shipped_by"),
});

export const KIT_STATES = ["unregistered", "registered", "sample_received", "rejected", "resulted"] as const;
export type KitState = (typeof KIT_STATES)[number];

/** One kit: its printed ID (12 symbols with the check character, app/shared/kit-id.ts) and its state. */
export const kits = pgTable(
  "kits",
  {
    id: text("id").primaryKey(),
    batchId: bigint("batch_id", { mode: "number" })
      .notNull()
      .references(() => kitBatches.id),
    state: text("state").$type<KitState>().notNull().default("unregistered"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("kits_batch_idx").on(table.batchId),
    check(
      "kits_state_check",
      sql`${table.state} in ('unregistered', 'registered', 'sample_received', 'rejected', 'resulted')`,
    ),
  ],
);

/**
 * Who registered a kit (issue 35 item 3): one registration per kit (its primary key), the tester's date
 * of birth sealed with the health-data cipher (decision 100; never stored in the clear), and the consent
 * to receive and store the result, with the words agreed to.
 */
export const kitRegistrations = pgTable(
  "kit_registrations",
  {
    kitId: text("kit_id")
      .primaryKey()
      .references(() => kits.id),
    shopperId: uuid("shopper_id")
      .notNull()
      .references(() => shoppers.id),
    /** `hd1.<key id>.…`: the date of birth (YYYY-MM-DD), sealed for `kit_registrations:<kit id>:date_of_birth`. */
    dateOfBirthSealed: text("date_of_birth_sealed").notNull(),
    /** The version of the consent's words shown (app/content/results.ts). */
    consentVersion: text("consent_version").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("kit_registrations_shopper_idx").on(table.shopperId)],
);

export const RESULT_STATUSES = ["final", "amended", "corrected"] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];
export const RESULT_UNITS = ["ng/dL", "nmol/L"] as const;
export type ResultUnit = (typeof RESULT_UNITS)[number];

/**
 * A kit's lab result (issue 35 items 4 and 7): one per kit, which version of the lab's report is the
 * current one, and when the result first arrived (it is deleted 12 months later, with an e-mail 30
 * days before). The values live in `kit_result_versions`, sealed. When the person (or the retention
 * job) deletes a result, its versions go and this row stays, emptied of nothing but dates, so a late or
 * repeated delivery of the same report does not bring the result back (decision 112).
 */
export const kitResults = pgTable("kit_results", {
  kitId: text("kit_id")
    .primaryKey()
    .references(() => kits.id),
  /** The lab integration that sent it (LAB_INTEGRATIONS' id). */
  labId: text("lab_id").notNull(),
  /** The lab's identifier of its report (DiagnosticReport.identifier). */
  reportId: text("report_id").notNull(),
  /** The highest version received: the one shown. */
  currentVersion: integer("current_version").notNull(),
  /** When the result first arrived: it is kept 12 months from then. */
  firstReceivedAt: timestamp("first_received_at", { withTimezone: true }).notNull(),
  /** When the "your result will be deleted in 30 days" e-mail was queued. */
  deletionWarnedAt: timestamp("deletion_warned_at", { withTimezone: true }),
  /** When its values were deleted (by the person, or 12 months after it arrived). */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  ...timestamps,
});

/**
 * Each version of a kit's result the lab sent (final, then perhaps amended or corrected): the highest
 * is the result, the others its history. The value and the lab's interpretation (low, normal, high) are
 * health data, sealed by the application (decision 100) for `kit_result_versions:<id>:value` and
 * `…:flag`; the unit and the lab's reference range (the same for everyone it tests) are not.
 */
export const kitResultVersions = pgTable(
  "kit_result_versions",
  {
    /** Made by the application before the insert: the sealed values are bound to it. */
    id: uuid("id").primaryKey(),
    kitId: text("kit_id")
      .notNull()
      .references(() => kitResults.kitId),
    /** The lab's version of its report (meta.versionId), 1, 2, …: a repeated version is a duplicate. */
    version: integer("version").notNull(),
    status: text("status").$type<ResultStatus>().notNull(),
    /** `hd1.<key id>.…`: the measured value as a decimal string. */
    valueSealed: text("value_sealed").notNull(),
    unit: text("unit").$type<ResultUnit>().notNull(),
    /** `hd1.<key id>.…`: low | normal | high, when the lab gave one. */
    flagSealed: text("flag_sealed"),
    rangeLow: doublePrecision("range_low"),
    rangeHigh: doublePrecision("range_high"),
    /** When the sample was collected (the Observation's effectiveDateTime). */
    collectedAt: timestamp("collected_at", { withTimezone: true }).notNull(),
    /** When this version reached the store. */
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("kit_result_versions_kit_version").on(table.kitId, table.version),
    check("kit_result_versions_status", sql`${table.status} in ('final', 'amended', 'corrected')`),
    check("kit_result_versions_unit", sql`${table.unit} in ('ng/dL', 'nmol/L')`),
  ],
);

/**
 * Secrets the site makes for itself when none is configured (the sandbox's key for signed order links),
 * shared by every process on the database and kept across restarts.
 */
export const siteSecrets = pgTable("site_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The e-mail outbox. A row is claimed in a transaction before sending, so each (kind, key) is sent
 * at most once; failed sends are retried with backoff until they succeed, so none is lost.
 */
export const emailDeliveries = pgTable(
  "email_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** order_confirmation | newsletter_confirmation | … */
    kind: text("kind").notNull(),
    /** What makes this message unique within its kind (a Stripe session id, a subscriber + window). */
    dedupeKey: text("dedupe_key").notNull(),
    toAddress: text("to_address").notNull(),
    /** What the template needs to render the message. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** pending | sending | sent | failed (gave up after the last attempt) */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A claim: another worker may take the row only after this time. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    messageId: text("message_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("email_deliveries_kind_key").on(table.kind, table.dedupeKey),
    index("email_deliveries_due").on(table.status, table.nextAttemptAt),
    check("email_deliveries_status", sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

/** Newsletter sign-ups: double opt-in, one row per address. */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * Where this subscriber's e-mails go: the address as typed at the sign-up that sent the current
     * confirmation (trimmed, domain lower-cased; a local part is kept as typed, RFC 5321 §2.4).
     */
    email: text("email").notNull(),
    /**
     * Who the subscriber is: the whole address lower-cased, computed by the database and unique, so
     * `Jo@…` and `jo@…` are one subscriber with one confirmation cap (docs/decisions/063-…).
     */
    emailCanonical: text("email_canonical").notNull().generatedAlwaysAs(sql`lower("email")`),
    /** pending | confirmed | unsubscribed */
    status: text("status").notNull().default("pending"),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    sourcePage: text("source_page"),
    /** SHA-256 of the single-use confirmation token. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmTokenExpiresAt: timestamp("confirm_token_expires_at", { withTimezone: true }),
    /**
     * SHA-256 of the unsubscribe token the newsletter's e-mails carry: the link holds the token, the
     * lookup hashes it, so a copy of the database opens no link (docs/decisions/093-…; migration 0010
     * hashed the tokens stored in plain before, so their links still work).
     */
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("newsletter_email_canonical").on(table.emailCanonical),
    uniqueIndex("newsletter_confirm_token").on(table.confirmTokenHash),
    uniqueIndex("newsletter_unsubscribe_token_hash").on(table.unsubscribeTokenHash),
    check("newsletter_status", sql`${table.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
);

/**
 * A message sent with the contact form (issue 17). Stored before it is e-mailed to support (with the
 * sender as Reply-To) and acknowledged to the sender, both through the outbox in the same transaction.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** As the sender typed it (optional); not checked against the orders. */
    orderNumber: text("order_number"),
    /** One of CONTACT_TOPICS (app/contracts/support.ts). */
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("contact_messages_created").on(table.createdAt)],
);

/**
 * A request under the 60-day money-back guarantee: one per order (a second request for the same order
 * finds this one). The refund itself is made by the brand in Stripe and mirrored by the orders sync.
 */
export const guaranteeRequests = pgTable(
  "guarantee_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** The address the request was made with (it matched the order's). */
    email: text("email").notNull(),
    /** Why, in the customer's words (optional). */
    reason: text("reason"),
    /** open | closed (refunded or settled: the operator closes it). */
    status: text("status").notNull().default("open"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("guarantee_requests_order").on(table.orderId),
    check("guarantee_requests_status", sql`${table.status} in ('open', 'closed')`),
  ],
);

/**
 * A product review (issue 18, docs/decisions/081-review-moderation-by-rule.md). Written by a buyer from
 * an invitation (`invited`, with its order), brought from the previous review platform (`imported`, no
 * order, unique by `external_key` so importing twice adds nothing) or shown by the sandbox (`sample`,
 * never with a real store). Moderation is by rule, never by sentiment: a review is published unless a
 * rule holds it (`held_reasons`), and an operator publishes or rejects a held one with a recorded note.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The Shopify product handle it reviews (`forge-enhancer`). */
    product: text("product").notNull(),
    /** The order it was invited for; null for imported and sample reviews, or once the order is deleted. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** 1 to 5 stars. */
    rating: integer("rating").notNull(),
    title: text("title"),
    body: text("body").notNull(),
    /** As shown: first name and initial by default. */
    displayName: text("display_name").notNull(),
    /** "Verified buyer": set by the server (an invited order, or the previous platform's flag), never by a form. */
    verified: boolean("verified").notNull().default(false),
    /** published | held | rejected */
    status: text("status").notNull(),
    /** The moderation rules that held it (ModerationReason codes); empty when none did. */
    heldReasons: jsonb("held_reasons").$type<string[]>().notNull().default([]),
    /** The operator's recorded reason when they published or rejected a held review. */
    moderationNote: text("moderation_note"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    /** The signed-in operator's e-mail address who published or rejected it (the back office). */
    moderatedBy: text("moderated_by"),
    /** invited | imported | sample */
    source: text("source").notNull(),
    /** Imported reviews: the previous platform's id, or a hash of the row's identifying fields. */
    externalKey: text("external_key"),
    /** The brand's public reply, and when it was written. */
    reply: text("reply"),
    replyAt: timestamp("reply_at", { withTimezone: true }),
    /** When the review was written (for an imported one, the date the previous platform gives). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** How many visitors found it helpful: kept with the review, raised with each new vote (review_helpful_votes). */
    helpfulCount: integer("helpful_count").notNull().default(0),
  },
  (table) => [
    uniqueIndex("reviews_product_order").on(table.product, table.orderId),
    uniqueIndex("reviews_external_key").on(table.externalKey),
    index("reviews_listing").on(table.status, table.product, table.createdAt),
    index("reviews_helpful").on(table.status, table.helpfulCount, table.createdAt),
    check("reviews_rating", sql`${table.rating} between 1 and 5`),
    check("reviews_status", sql`${table.status} in ('published', 'held', 'rejected')`),
    check("reviews_source", sql`${table.source} in ('invited', 'imported', 'sample')`),
    check("reviews_published_at", sql`${table.status} <> 'published' or ${table.publishedAt} is not null`),
  ],
);

/**
 * "Helpful" votes on reviews (docs/decisions/084-reviews-page.md): one per visitor per review, the
 * visitor known only by an HMAC of their network address under the site secret. The primary key makes
 * a second vote a no-op; the vote and the review's helpful_count change in one statement. Deleted with
 * the review, and by the retention job after a year (the count stays).
 */
export const reviewHelpfulVotes = pgTable(
  "review_helpful_votes",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    /** HMAC-SHA256 of the voter's network address (an IPv6 address per /64) under the site secret. */
    voterKey: text("voter_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.reviewId, table.voterKey] }),
    index("review_helpful_votes_created").on(table.createdAt),
  ],
);

/**
 * Review invitations (issue 18 item 1; docs/decisions/083-review-invitations-and-links.md): one row per
 * paid order, from when the invitation job first sees it until the order is invited (or, cancelled
 * before shipping, never will be). The job polls Shopify for the first shipment of a `waiting` row at
 * `next_check_at`, with backoff, and, once `due_at` has come, marks the row invited in the transaction
 * that puts the e-mail in the outbox. Workers claim rows with a lease, as the queues do. Deleted with
 * its order (the retention job deletes orders).
 */
export const reviewInvitations = pgTable(
  "review_invitations",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** waiting (for the shipment) | due (due_at known) | invited | skipped (never invited: skip_reason) */
    status: text("status").notNull().default("waiting"),
    /** The first shipment's date, as Shopify gives it; null until shipped (or when it cannot be known). */
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    /** When the invitation is due: shipped (or, never in Shopify, paid) + REVIEW_INVITE_DAYS. */
    dueAt: timestamp("due_at", { withTimezone: true }),
    /** When a worker looks at the row next (asks Shopify, or sends once due). */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull().defaultNow(),
    /** How many times Shopify was asked: the backoff's exponent. */
    checks: integer("checks").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    /** cancelled | nothing_to_review | not_shipped */
    skipReason: text("skip_reason"),
    ...timestamps,
  },
  (table) => [
    index("review_invitations_due").on(table.status, table.nextCheckAt),
    check("review_invitations_status", sql`${table.status} in ('waiting', 'due', 'invited', 'skipped')`),
  ],
);

/**
 * Quiz answers a person chose to save ("Save my answers", its own consent; issue 34 item 4), so a later
 * result and the kit's results can be compared with them. The answers are health data: sealed by the
 * application (health-data/cipher.server.ts, decision 100), bound to the row's id. Nothing else about
 * the person is kept; the row is found through the signed result link that names its id, or, when it
 * was saved while signed in, from that account's results page.
 */
export const savedQuizAnswers = pgTable(
  "saved_quiz_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The nine answers, sealed (`hd1.…`). */
    answersSealed: text("answers_sealed").notNull(),
    /**
     * The account of the person who saved them while signed in (issue 35 item 6: their saved quiz results
     * on the results timeline); null when saved signed out.
     */
    shopperId: uuid("shopper_id").references(() => shoppers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("saved_quiz_answers_shopper_idx").on(table.shopperId)],
);

/**
 * How many quiz results of each outcome were produced per ISO week, for the back office (issue 34
 * item 5): a count, never the answers or anything about the person.
 */
export const quizOutcomeCounts = pgTable(
  "quiz_outcome_counts",
  {
    /** The outcome's id in app/content/quiz.ts (`plan`, `not-suitable`, …). */
    outcome: text("outcome").notNull(),
    /** The ISO week the results were produced in, `2026-W48`. */
    isoWeek: text("iso_week").notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.outcome, table.isoWeek] })],
);

/**
 * The reminders a subscriber gets that Stripe sends no event early enough for (issue 36 item 4,
 * docs/decisions/133-subscription-reminders-and-outside-changes.md): before a charge that resumes the
 * subscription after its off weeks, and before each off (or paused) stretch starts and ends. Planned
 * from Stripe's events (its pause schedules, the subscription's start and cycle), due at `due_at` on
 * Stripe's clock: the real time, or the subscription's test clock's (`test_clock`) in tests and the
 * sandbox. One row per (subscription, kind, date): re-planning finds it; the e-mail is the outbox's,
 * unique per (kind, dedupe key), so a reminder is sent once whatever the processes and replays.
 * Charge reminders before an ordinary renewal come from Stripe's `invoice.upcoming` and have no row.
 */
export const subscriptionReminders = pgTable(
  "subscription_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    /** charge (a resume's charge) | off_start | off_end */
    kind: text("kind").notNull(),
    /** The calendar date it is about (the charge, the first off day, the first day back on), `YYYY-MM-DD`. */
    onDate: text("on_date").notNull(),
    /** When it is due, on Stripe's clock (three days before `on_date`, 09:00 in the store's time zone). */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** The Stripe test clock whose time decides when it is due; null: the real time. */
    testClock: text("test_clock"),
    /**
     * scheduled (waiting for Stripe's time) | pending (due: the queue takes it) | sending (claimed) |
     * sent | dropped (no longer in the plan) | failed (for a person)
     */
    status: text("status").notNull().default("scheduled"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("subscription_reminders_subject").on(table.subscriptionId, table.kind, table.onDate),
    index("subscription_reminders_due").on(table.status, table.dueAt),
    check("subscription_reminders_kind", sql`${table.kind} in ('charge', 'off_start', 'off_end')`),
    check(
      "subscription_reminders_status",
      sql`${table.status} in ('scheduled', 'pending', 'sending', 'sent', 'dropped', 'failed')`,
    ),
  ],
);
