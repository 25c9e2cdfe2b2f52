import { variantOverrideKeys } from "~/content/catalog";
import { brand } from "~/content/site";

/**
 * The privacy policy's data inventory (issue 17 item 4; docs/decisions/078-privacy-inventory-and-retention.md):
 * every table the software keeps, column by column, and every other place personal data passes through
 * (logs, rate-limit counters, the browser, the providers). It is the one source of three things:
 *
 * - the policy page's "what we collect, why, how long, who else gets it" (app/routes/legal.privacy.tsx);
 * - the retention job's periods (app/server/privacy/retention.server.ts reads `retentionRules` below);
 * - the test that fails when a table or column of app/server/db/schema.ts is not classified here
 *   (tests/unit/privacy-inventory.test.ts): a new column cannot hold personal data unnamed.
 *
 * Plain data, no server code: the page imports it in its loader, the job and the tests directly.
 */

/** A kind of personal data, in the words the policy uses. */
export const dataKinds = {
  contact: { label: "Contact details", description: "your name and e-mail address" },
  address: { label: "Postal address", description: "the shipping address you give at checkout" },
  orderHistory: {
    label: "Order history",
    description: "what you bought, when, what you paid, refunds and where the parcel is",
  },
  paymentReference: {
    label: "Payment and order references",
    description: "Stripe's and Shopify's identifiers for your payment and order (never a card number)",
  },
  messageText: {
    label: "Message text",
    description: "what you write to us in the contact form or a guarantee request",
  },
  consent: {
    label: "Newsletter consent",
    description: "whether you confirmed the newsletter, when, and on which page you signed up",
  },
  linkCode: {
    label: "Link codes",
    description: "the random codes in the links we e-mail you (confirm, unsubscribe)",
  },
  networkAddress: {
    label: "Network address key",
    description: "your IP address (for IPv6, only its first half), used to count requests",
  },
  browsing: {
    label: "Page requests",
    description: "which page addresses were requested and when, without your IP address",
  },
  review: {
    label: "Review content",
    description: "the stars, title and text of a review you write, and the name you choose to show with it",
  },
  staffAccount: {
    label: "Staff sign-in",
    description: "the e-mail address of a staff member signing in to the back office",
  },
} as const satisfies Record<string, { label: string; description: string }>;

export type DataKind = keyof typeof dataKinds;

/** Who else receives data, besides us. */
export const processors = {
  stripe: {
    name: "Stripe",
    role: "Payments",
    policyUrl: "https://stripe.com/privacy",
    receives:
      "Everything you enter on Stripe's checkout page (see below), and from us the products and prices of your order. Stripe sends us back your e-mail address, name, shipping address and whether the payment went through.",
  },
  shopify: {
    name: "Shopify",
    role: "Product catalog and order fulfilment",
    policyUrl: "https://www.shopify.com/legal/privacy",
    receives:
      "Each order (your name, e-mail address, shipping address, what you bought and paid), so it can be packed and shipped; Shopify e-mails you the shipping confirmation. When our server looks up products or prices for you, it passes your IP address to Shopify, which uses it to protect the store from abuse.",
  },
  mail: {
    name: "E-mail delivery provider (SMTP)",
    role: "Sending e-mail",
    receives:
      "The recipient's address and the content of each e-mail we send: order confirmations (with the shipping address), newsletter confirmation links, our copies and acknowledgements of contact messages and guarantee requests, and staff sign-in links.",
  },
  host: {
    name: "Hosting provider",
    role: "Servers, database and cache",
    receives:
      "Everything this page lists as stored by us, and our server logs, because it runs the computers they are kept on.",
  },
} as const satisfies Record<string, { name: string; role: string; receives: string; policyUrl?: string }>;

export type Processor = keyof typeof processors;

/** A period the retention job counts (a PostgreSQL interval: `${amount} ${unit}s`). */
export type Period = { amount: number; unit: "hour" | "day" | "year" };

/** Who makes sure data goes when its time is up. */
export type RetentionEnforcer =
  /** app/server/privacy/retention.server.ts, every hour. */
  | "retention-job"
  /** The rate limiter's own sweep (rate-limiter-flexible), or Redis's expiry, or the process's memory. */
  | "rate-limiter"
  /** The hosting provider's log retention, which the brand sets (README, "Before launch"). */
  | "host"
  /** Nothing is deleted: the data is not personal and the site needs it while it runs. */
  | "kept"
  /** It lives in your browser: you clear it, or the browser does. */
  | "browser"
  /** We pass it on and do not keep it. */
  | "not-stored";

export type RetentionRule = {
  /** How long, in plain words (shown on the page). */
  summary: string;
  /** Why this long. */
  reason: string;
  enforcedBy: RetentionEnforcer;
  /** The period the retention job applies; only rules the job enforces have one. */
  period?: Period;
};

/**
 * How long each kind of record is kept. The retention job takes its periods from here and nowhere else;
 * the page shows `summary` and `reason`.
 */
export const retentionRules = {
  order: {
    summary: "7 years after the order",
    reason:
      "Orders, refunds and their payment references are our sales and tax records, which US tax law requires sellers to keep for years.",
    enforcedBy: "retention-job",
    period: { amount: 7, unit: "year" },
  },
  unpaidCheckout: {
    summary: "90 days after the checkout was started, if it was never paid",
    reason: "Long enough for any late payment to arrive; an unpaid checkout is of no use after that.",
    enforcedBy: "retention-job",
    period: { amount: 90, unit: "day" },
  },
  emailContent: {
    summary: "30 days after the e-mail is sent (or given up on)",
    reason:
      "The content is only needed until the e-mail is delivered; a month leaves time to look into a delivery problem.",
    enforcedBy: "retention-job",
    period: { amount: 30, unit: "day" },
  },
  linkEmail: {
    summary: "30 days after it was sent",
    reason:
      "The links in these e-mails stop working within 48 hours; the record that one was sent is kept briefly.",
    enforcedBy: "retention-job",
    period: { amount: 30, unit: "day" },
  },
  supportEmail: {
    summary: "2 years after it was sent",
    reason: "As long as the message or request it belongs to.",
    enforcedBy: "retention-job",
    period: { amount: 2, unit: "year" },
  },
  contactMessage: {
    summary: "2 years after you send it",
    reason: "So we can follow up on an earlier conversation, answer a complaint and show what we were told.",
    enforcedBy: "retention-job",
    period: { amount: 2, unit: "year" },
  },
  guaranteeRequest: {
    summary: "2 years after the request",
    reason: "The refund itself stays with the order; the request is kept to settle any question about it.",
    enforcedBy: "retention-job",
    period: { amount: 2, unit: "year" },
  },
  newsletterUnsubscribed: {
    summary: "Until you unsubscribe, then 30 days",
    reason:
      "We need your address to send the newsletter. After you unsubscribe we keep it for 30 days so the unsubscribe link keeps confirming it worked; no newsletter goes to an address that has not confirmed again.",
    enforcedBy: "retention-job",
    period: { amount: 30, unit: "day" },
  },
  newsletterUnconfirmed: {
    summary: "30 days after the last confirmation e-mail, if you never confirm",
    reason: "A sign-up that was never confirmed is not a subscription.",
    enforcedBy: "retention-job",
    period: { amount: 30, unit: "day" },
  },
  review: {
    summary: "5 years after it was written, or sooner if you ask us to remove it",
    reason:
      "A review is kept while it can still help a shopper choose. After 5 years it speaks of an older product, so it is removed, whatever its stars: reviews are removed by age, never by what they say.",
    enforcedBy: "retention-job",
    period: { amount: 5, unit: "year" },
  },
  rejectedReview: {
    summary: "90 days after it was rejected",
    reason:
      "A rejected review is never shown; it is kept briefly so we can answer a question about the decision.",
    enforcedBy: "retention-job",
    period: { amount: 90, unit: "day" },
  },
  helpfulVote: {
    summary: "1 year after the vote, or with the review it was for",
    reason:
      "The vote is only kept so the same visitor cannot count twice; after a year the vote is removed and the review keeps its count.",
    enforcedBy: "retention-job",
    period: { amount: 1, unit: "year" },
  },
  staffSignInLink: {
    summary: "1 day after the link expires (links last 15 minutes)",
    reason: "So an expired link can say it expired; it can sign no one in.",
    enforcedBy: "retention-job",
    period: { amount: 1, unit: "day" },
  },
  staffSession: {
    summary: "Until the session ends (12 hours at most)",
    reason: "A session that has ended is of no use.",
    enforcedBy: "retention-job",
    period: { amount: 0, unit: "hour" },
  },
  rateLimitCounter: {
    summary: "About an hour and a half at most",
    reason:
      "A counter lasts for its counting window (15 minutes at most); expired counters are swept within the next 65 minutes, or expire on their own in memory and Redis.",
    enforcedBy: "rate-limiter",
  },
  serverLogs: {
    summary: "30 days",
    reason: "Long enough to investigate an error or an attack; set in our hosting provider's log settings.",
    enforcedBy: "host",
  },
  siteRecord: {
    summary: "While the site runs",
    reason: "Holds no personal data; the site needs it to work.",
    enforcedBy: "kept",
  },
  notStored: {
    summary: "Not stored by us",
    reason: "We pass it on with the request and keep no copy.",
    enforcedBy: "not-stored",
  },
  browserStorage: {
    summary: "Until you clear it, or the browser does",
    reason: "It is in your browser, not on our servers.",
    enforcedBy: "browser",
  },
} as const satisfies Record<string, RetentionRule>;

export type RetentionKey = keyof typeof retentionRules;

/** A PostgreSQL interval for a rule's period ("7 years", "30 days"). */
export function intervalOf(period: Period): string {
  return `${period.amount} ${period.unit}s`;
}

/** A column that holds personal data: what kind, why, how long, who else gets it. */
export type PersonalColumn = {
  personal: true;
  /** In plain words ("E-mail address"). */
  label: string;
  kinds: readonly DataKind[];
  purpose: string;
  /** When it goes sooner than the row (an e-mail's content); otherwise the table's retention. */
  retention?: readonly RetentionKey[];
  /** Who besides us (and our host, who holds everything) receives it. */
  sharedWith: readonly Processor[];
};

/** A column that holds no personal data, with a note where that is not obvious. */
export type OtherColumn = { personal: false; note?: string };

export type ColumnEntry = PersonalColumn | OtherColumn;

/** A rule that removes rows of a table; `for` names which rows when rules differ by row. */
export type RetentionScope = { rule: RetentionKey; for?: string };

export type TableEntry = {
  /** In plain words ("Orders"). */
  title: string;
  /** What the table is for. */
  purpose: string;
  /** The rules that remove its rows. */
  retention: readonly RetentionScope[];
  /** Every column, by its SQL name. */
  columns: Readonly<Record<string, ColumnEntry>>;
  /** The drizzle schema (app/server/db/schema.ts), or the rate limiter's own table. */
  definedIn: "schema" | "rate-limiter";
};

const bookkeeping = (note?: string): OtherColumn => (note ? { personal: false, note } : { personal: false });
const ourId = bookkeeping("A random id this site gives the row.");

/**
 * The e-mail kinds the retention job treats apart: the order confirmation is the exactly-once record of
 * an order's e-mail (kept with the order, or a repeated payment-page visit would send it again); the
 * link e-mails' dedupe keys never recur. Equal to the constants in the server modules (tested).
 */
export const emailKinds = {
  orderConfirmation: "order_confirmation",
  linkEmails: ["admin_sign_in", "newsletter_confirmation"],
} as const;

/** Every table of the database, by its SQL name. */
export const tables = {
  orders: {
    title: "Orders",
    purpose:
      "One row per paid order: what you bought, what you paid, where it ships, and where it stands in Shopify. We use it to fulfil the order, send its confirmation, show your order page, handle refunds and the guarantee, and keep our sales records.",
    retention: [{ rule: "order" }],
    definedIn: "schema",
    columns: {
      id: ourId,
      order_number: {
        personal: true,
        label: "Order number",
        kinds: ["orderHistory"],
        purpose: "To name your order on the receipt, in e-mails and when you write to us.",
        sharedWith: ["shopify", "mail"],
      },
      stripe_session_id: {
        personal: true,
        label: "Stripe checkout reference",
        kinds: ["paymentReference"],
        purpose: "To match Stripe's payment to the order, exactly once.",
        sharedWith: ["stripe", "shopify"],
      },
      email: {
        personal: true,
        label: "E-mail address",
        kinds: ["contact"],
        purpose: "To send the order confirmation and answer questions about the order.",
        sharedWith: ["stripe", "shopify", "mail"],
      },
      customer_name: {
        personal: true,
        label: "Name",
        kinds: ["contact"],
        purpose: "To address the parcel and the confirmation.",
        sharedWith: ["stripe", "shopify", "mail"],
      },
      shipping_address: {
        personal: true,
        label: "Shipping address",
        kinds: ["address"],
        purpose: "To ship the order and calculate sales tax.",
        sharedWith: ["stripe", "shopify", "mail"],
      },
      lines: {
        personal: true,
        label: "Products, quantities and prices",
        kinds: ["orderHistory"],
        purpose: "To fulfil the order and keep the sales record.",
        sharedWith: ["stripe", "shopify", "mail"],
      },
      amount_total: {
        personal: true,
        label: "Amount paid",
        kinds: ["orderHistory"],
        purpose: "The sales record.",
        sharedWith: ["stripe", "shopify", "mail"],
      },
      currency: bookkeeping(),
      payment_status: {
        personal: true,
        label: "Payment status",
        kinds: ["orderHistory"],
        purpose: "Only a paid order is fulfilled.",
        sharedWith: ["stripe"],
      },
      amount_subtotal: {
        personal: true,
        label: "Subtotal",
        kinds: ["orderHistory"],
        purpose: "The sales record.",
        sharedWith: ["stripe", "shopify", "mail"],
      },
      amount_discount: {
        personal: true,
        label: "Discount",
        kinds: ["orderHistory"],
        purpose: "The sales record.",
        sharedWith: ["stripe", "shopify", "mail"],
      },
      amount_shipping: {
        personal: true,
        label: "Shipping charged",
        kinds: ["orderHistory"],
        purpose: "The sales record.",
        sharedWith: ["stripe", "shopify", "mail"],
      },
      amount_tax: {
        personal: true,
        label: "Sales tax",
        kinds: ["orderHistory"],
        purpose: "The sales record.",
        sharedWith: ["stripe", "shopify", "mail"],
      },
      promotion_code: {
        personal: true,
        label: "Promotion code used",
        kinds: ["orderHistory"],
        purpose: "The sales record.",
        sharedWith: ["stripe", "shopify"],
      },
      payment_intent_id: {
        personal: true,
        label: "Stripe payment reference",
        kinds: ["paymentReference"],
        purpose: "To record the payment on the Shopify order and match refunds to it.",
        sharedWith: ["stripe", "shopify"],
      },
      amount_refunded: {
        personal: true,
        label: "Amount refunded",
        kinds: ["orderHistory"],
        purpose: "The sales record and your order page.",
        sharedWith: ["stripe", "shopify"],
      },
      shopify_order_id: {
        personal: true,
        label: "Shopify order reference",
        kinds: ["paymentReference"],
        purpose: "To find the order in Shopify for its shipping status and refunds.",
        sharedWith: ["shopify"],
      },
      shopify_order_name: {
        personal: true,
        label: "Shopify order name",
        kinds: ["paymentReference"],
        purpose: "To find the order in Shopify for its shipping status and refunds.",
        sharedWith: ["shopify"],
      },
      shopify_status: {
        personal: true,
        label: "Shipping status and tracking",
        kinds: ["orderHistory"],
        purpose: "Your order page shows it, also when Shopify cannot be reached.",
        sharedWith: ["shopify"],
      },
      shopify_status_at: bookkeeping("When the shipping status was last read."),
      created_at: {
        personal: true,
        label: "Order date",
        kinds: ["orderHistory"],
        purpose: "The sales record, and the start of the guarantee's 60 days.",
        sharedWith: ["shopify", "mail"],
      },
      updated_at: bookkeeping(),
    },
  },
  checkouts: {
    title: "Checkouts",
    purpose:
      "One row per Stripe checkout page this site opened, with the products and the price it asked for, so only a checkout we created, paid in full, becomes an order. Nothing about you is in it until you pay.",
    retention: [
      { rule: "order", for: "Paid checkouts" },
      { rule: "unpaidCheckout", for: "Unpaid checkouts" },
    ],
    definedIn: "schema",
    columns: {
      id: ourId,
      stripe_session_id: {
        personal: true,
        label: "Stripe checkout reference",
        kinds: ["paymentReference"],
        purpose: "To match the payment to the checkout.",
        sharedWith: ["stripe"],
      },
      lines: {
        personal: true,
        label: "Products, quantities and prices",
        kinds: ["orderHistory"],
        purpose: "To check that Stripe charged what we asked for.",
        sharedWith: ["stripe"],
      },
      amount_total: {
        personal: true,
        label: "Amount",
        kinds: ["orderHistory"],
        purpose: "To check that Stripe charged what we asked for.",
        sharedWith: ["stripe"],
      },
      currency: bookkeeping(),
      status: bookkeeping("Open, complete or expired."),
      created_at: bookkeeping(),
      updated_at: bookkeeping(),
    },
  },
  refunds: {
    title: "Refunds",
    purpose: "One row per refund made in Stripe, mirrored to the order in Shopify.",
    retention: [{ rule: "order" }],
    definedIn: "schema",
    columns: {
      id: ourId,
      stripe_refund_id: {
        personal: true,
        label: "Stripe refund reference",
        kinds: ["paymentReference"],
        purpose: "To record each refund once.",
        sharedWith: ["stripe", "shopify"],
      },
      order_id: bookkeeping("Points to the order row."),
      amount: {
        personal: true,
        label: "Amount refunded",
        kinds: ["orderHistory"],
        purpose: "The sales record.",
        sharedWith: ["stripe", "shopify"],
      },
      currency: bookkeeping(),
      reason: {
        personal: true,
        label: "Refund reason (Stripe's code)",
        kinds: ["orderHistory"],
        purpose: "The sales record.",
        sharedWith: ["stripe"],
      },
      created_at: {
        personal: true,
        label: "Refund date",
        kinds: ["orderHistory"],
        purpose: "The sales record.",
        sharedWith: ["stripe", "shopify"],
      },
    },
  },
  shopify_syncs: {
    title: "Orders on their way to Shopify",
    purpose:
      "A queue: each order to create in Shopify, and each refund to mirror there, until Shopify has it. It holds references to the order, not a copy of it.",
    retention: [{ rule: "order" }],
    definedIn: "schema",
    columns: {
      id: ourId,
      kind: bookkeeping("Order or refund."),
      dedupe_key: {
        personal: true,
        label: "Stripe checkout or refund reference",
        kinds: ["paymentReference"],
        purpose: "So each order and refund reaches Shopify once.",
        sharedWith: ["stripe", "shopify"],
      },
      order_id: bookkeeping("Points to the order row."),
      payload: {
        personal: true,
        label: "Refund amount or shipping method",
        kinds: ["orderHistory"],
        purpose: "What the call to Shopify needs beyond the order.",
        sharedWith: ["shopify"],
      },
      status: bookkeeping(),
      attempts: bookkeeping(),
      next_attempt_at: bookkeeping(),
      locked_until: bookkeeping(),
      last_error: {
        personal: true,
        label: "Shopify's last error",
        kinds: ["orderHistory"],
        purpose: "So a person can see why Shopify refused an order; it can quote the order's details.",
        sharedWith: [],
      },
      result: {
        personal: true,
        label: "Shopify's order or refund reference",
        kinds: ["paymentReference"],
        purpose: "Proof that Shopify has it.",
        sharedWith: ["shopify"],
      },
      sent_at: bookkeeping(),
      created_at: bookkeeping(),
      updated_at: bookkeeping(),
    },
  },
  email_deliveries: {
    title: "E-mails we send",
    purpose:
      "The outbox: each e-mail the site sends (order confirmations, newsletter confirmations, contact and guarantee messages, review invitations, staff sign-in links), written before it is sent so that none is lost and none goes twice. The content is cleared after 30 days; the record that an e-mail went is kept as long as what it belongs to.",
    retention: [
      { rule: "order", for: "Order confirmations" },
      { rule: "linkEmail", for: "Staff sign-in links and newsletter confirmations" },
      { rule: "supportEmail", for: "Contact and guarantee e-mails, and review invitations" },
    ],
    definedIn: "schema",
    columns: {
      id: ourId,
      kind: bookkeeping("Which e-mail it is."),
      dedupe_key: {
        personal: true,
        label: "What the e-mail is for (order, sign-up, message)",
        kinds: ["paymentReference"],
        purpose: "So the same e-mail is never sent twice.",
        sharedWith: [],
      },
      to_address: {
        personal: true,
        label: "Recipient's e-mail address",
        kinds: ["contact"],
        purpose: "Where the e-mail goes.",
        sharedWith: ["mail"],
      },
      payload: {
        personal: true,
        label: "The e-mail's content",
        kinds: ["contact", "address", "orderHistory", "messageText", "linkCode"],
        purpose: "To write the e-mail, and write it again if a send fails.",
        retention: ["emailContent"],
        sharedWith: ["mail"],
      },
      status: bookkeeping(),
      attempts: bookkeeping(),
      next_attempt_at: bookkeeping(),
      locked_until: bookkeeping(),
      last_error: {
        personal: true,
        label: "The mail server's last error",
        kinds: ["contact"],
        purpose: "To see why a send failed; a mail server's error can quote the address.",
        retention: ["emailContent"],
        sharedWith: [],
      },
      message_id: bookkeeping("The e-mail's technical id, made by us."),
      sent_at: bookkeeping(),
      created_at: bookkeeping(),
      updated_at: bookkeeping(),
    },
  },
  newsletter_subscribers: {
    title: "Newsletter subscribers",
    purpose:
      "One row per address signed up for the newsletter, with the proof that you asked for it: sign-ups are confirmed by a link we e-mail you (double opt-in).",
    retention: [
      { rule: "newsletterUnsubscribed", for: "Subscribed addresses" },
      { rule: "newsletterUnconfirmed", for: "Sign-ups never confirmed" },
    ],
    definedIn: "schema",
    columns: {
      id: ourId,
      email: {
        personal: true,
        label: "E-mail address",
        kinds: ["contact"],
        purpose: "Where the newsletter goes.",
        sharedWith: ["mail"],
      },
      email_canonical: {
        personal: true,
        label: "E-mail address in lower case",
        kinds: ["contact"],
        purpose: "So one address is one subscriber, however it is typed.",
        sharedWith: [],
      },
      status: {
        personal: true,
        label: "Subscribed, waiting for confirmation, or unsubscribed",
        kinds: ["consent"],
        purpose: "Only a confirmed address gets the newsletter.",
        sharedWith: [],
      },
      consent_at: {
        personal: true,
        label: "When you signed up",
        kinds: ["consent"],
        purpose: "Proof of your consent.",
        sharedWith: [],
      },
      source_page: {
        personal: true,
        label: "The page you signed up on",
        kinds: ["consent"],
        purpose: "Proof of your consent.",
        sharedWith: [],
      },
      confirm_token_hash: {
        personal: true,
        label: "Confirmation link code (scrambled)",
        kinds: ["linkCode"],
        purpose: "To recognise your confirmation link; only a one-way hash of it is stored.",
        sharedWith: [],
      },
      confirm_token_expires_at: bookkeeping("When the confirmation link stops working."),
      unsubscribe_token_hash: {
        personal: true,
        label: "Unsubscribe link code (scrambled)",
        kinds: ["linkCode"],
        purpose:
          "To recognise your unsubscribe link, which unsubscribes you in one click; only a one-way hash of it is stored.",
        sharedWith: [],
      },
      confirmation_sent_at: {
        personal: true,
        label: "When we sent the confirmation",
        kinds: ["consent"],
        purpose: "To send at most one confirmation every 10 minutes.",
        sharedWith: [],
      },
      confirmed_at: {
        personal: true,
        label: "When you confirmed",
        kinds: ["consent"],
        purpose: "Proof of your consent.",
        sharedWith: [],
      },
      unsubscribed_at: {
        personal: true,
        label: "When you unsubscribed",
        kinds: ["consent"],
        purpose: "To honour it, and to know when to delete the row.",
        sharedWith: [],
      },
      created_at: bookkeeping(),
      updated_at: bookkeeping(),
    },
  },
  contact_messages: {
    title: "Contact messages",
    purpose:
      "What you send with the contact form, stored before it is e-mailed to our support team and acknowledged to you.",
    retention: [{ rule: "contactMessage" }],
    definedIn: "schema",
    columns: {
      id: ourId,
      name: {
        personal: true,
        label: "Name",
        kinds: ["contact"],
        purpose: "To answer you by name.",
        sharedWith: ["mail"],
      },
      email: {
        personal: true,
        label: "E-mail address",
        kinds: ["contact"],
        purpose: "To answer you.",
        sharedWith: ["mail"],
      },
      order_number: {
        personal: true,
        label: "Order number (if you gave one)",
        kinds: ["orderHistory"],
        purpose: "To find the order you are writing about.",
        sharedWith: ["mail"],
      },
      topic: {
        personal: true,
        label: "Topic",
        kinds: ["messageText"],
        purpose: "To route your message.",
        sharedWith: ["mail"],
      },
      message: {
        personal: true,
        label: "Your message",
        kinds: ["messageText"],
        purpose: "To answer it.",
        sharedWith: ["mail"],
      },
      created_at: {
        personal: true,
        label: "When you wrote",
        kinds: ["messageText"],
        purpose: "To answer in order, and to know when to delete it.",
        sharedWith: [],
      },
    },
  },
  guarantee_requests: {
    title: "Guarantee requests",
    purpose:
      "A request under the 60-day money-back guarantee, one per order, e-mailed to our support team and to you. The refund itself is made in Stripe and recorded with the order.",
    retention: [{ rule: "guaranteeRequest" }],
    definedIn: "schema",
    columns: {
      id: ourId,
      order_id: bookkeeping("Points to the order row."),
      email: {
        personal: true,
        label: "E-mail address",
        kinds: ["contact"],
        purpose: "To answer you; it must be the order's address.",
        sharedWith: ["mail"],
      },
      reason: {
        personal: true,
        label: "Why (if you said)",
        kinds: ["messageText"],
        purpose: "To understand the request and improve the product.",
        sharedWith: ["mail"],
      },
      status: {
        personal: true,
        label: "Open or closed",
        kinds: ["orderHistory"],
        purpose: "So a second request for the same order finds the first.",
        sharedWith: [],
      },
      created_at: {
        personal: true,
        label: "When you asked",
        kinds: ["orderHistory"],
        purpose: "The guarantee's record.",
        sharedWith: ["mail"],
      },
      updated_at: bookkeeping(),
    },
  },
  reviews: {
    title: "Reviews",
    purpose:
      "The reviews shown on the site: one per product per order, written from the link in the invitation we e-mail after your order ships, or brought over from the review service we used before. A published review is public: anyone can read its stars, title, text, name and date. A review that breaks a moderation rule waits for a person to publish or reject it.",
    retention: [
      { rule: "review", for: "Published and held reviews" },
      { rule: "rejectedReview", for: "Rejected reviews" },
    ],
    definedIn: "schema",
    columns: {
      id: ourId,
      product: {
        personal: true,
        label: "The product you reviewed",
        kinds: ["review", "orderHistory"],
        purpose: "To show the review with that product.",
        sharedWith: [],
      },
      order_id: {
        personal: true,
        label: "The order the review belongs to",
        kinds: ["orderHistory"],
        purpose:
          "So each product of an order is reviewed once, and the review can say it is from a verified buyer. Never shown.",
        sharedWith: [],
      },
      rating: {
        personal: true,
        label: "Stars (1 to 5)",
        kinds: ["review"],
        purpose: "Shown with the review and counted in the product's rating.",
        sharedWith: [],
      },
      title: {
        personal: true,
        label: "Review title",
        kinds: ["review"],
        purpose: "Shown with the review.",
        sharedWith: [],
      },
      body: {
        personal: true,
        label: "Review text",
        kinds: ["review"],
        purpose: "Shown with the review.",
        sharedWith: [],
      },
      display_name: {
        personal: true,
        label: "The name shown with the review (first name and initial unless you change it)",
        kinds: ["review"],
        purpose: "Shown with the review.",
        sharedWith: [],
      },
      verified: {
        personal: true,
        label: "Verified buyer",
        kinds: ["review", "orderHistory"],
        purpose: "Shown with the review: you bought the product.",
        sharedWith: [],
      },
      status: bookkeeping("Published, held for a person to look at, or rejected."),
      held_reasons: bookkeeping(
        "Which moderation rules held the review (profanity, personal data, a link, a disease claim).",
      ),
      moderation_note: {
        personal: true,
        label: "Why a held review was published or rejected",
        kinds: ["review"],
        purpose: "A record of each moderation decision, written by our staff.",
        sharedWith: [],
      },
      moderated_at: bookkeeping("When a person published or rejected a held review."),
      moderated_by: {
        personal: true,
        label: "Staff e-mail address of who published or rejected a held review",
        kinds: ["staffAccount"],
        purpose: "A record of who made each moderation decision.",
        sharedWith: [],
      },
      source: bookkeeping("Invited, imported from the review service we used before, or a sandbox sample."),
      external_key: {
        personal: true,
        label: "The previous review service's id for the review (or a one-way hash of it)",
        kinds: ["review"],
        purpose: "So importing the same reviews twice adds nothing.",
        sharedWith: [],
      },
      reply: bookkeeping("Our public answer to the review, written by us."),
      reply_at: bookkeeping("When we answered."),
      created_at: {
        personal: true,
        label: "When you wrote it",
        kinds: ["review"],
        purpose: "Shown with the review, and to know when to delete it.",
        sharedWith: [],
      },
      published_at: bookkeeping(),
      updated_at: bookkeeping(),
      helpful_count: bookkeeping("How many visitors marked the review as helpful (shown with it)."),
    },
  },
  review_helpful_votes: {
    title: "“Helpful” votes on reviews",
    purpose:
      "When you mark a review as helpful, we record a one-way code made from your network address with a key only our server holds, so each visitor counts once per review. Your address itself is not stored.",
    retention: [{ rule: "helpfulVote" }],
    definedIn: "schema",
    columns: {
      review_id: bookkeeping("The review the vote is for."),
      voter_key: {
        personal: true,
        label: "A one-way code made from your network address (HMAC-SHA256 with the site's secret key)",
        kinds: ["networkAddress"],
        purpose: "So each visitor's vote counts once per review.",
        sharedWith: [],
      },
      created_at: bookkeeping("When the vote was made, to know when to delete it."),
    },
  },
  review_invitations: {
    title: "Review invitations",
    purpose:
      "One row per order: whether and when we e-mail you the invitation to review what you bought, some days after it ships. Every buyer is invited once; nothing about what you bought or said decides it. It is deleted with the order.",
    retention: [{ rule: "order" }],
    definedIn: "schema",
    columns: {
      order_id: bookkeeping("Points to the order row."),
      status: bookkeeping(
        "Waiting for the order to ship, due, invited, or not invited (cancelled before shipping).",
      ),
      shipped_at: {
        personal: true,
        label: "When your order shipped",
        kinds: ["orderHistory"],
        purpose: "To send the invitation the set number of days after it shipped.",
        sharedWith: ["shopify"],
      },
      due_at: bookkeeping("When the invitation is to be sent."),
      next_check_at: bookkeeping("When we next ask Shopify whether the order has shipped."),
      checks: bookkeeping("How many times we asked Shopify."),
      locked_until: bookkeeping(),
      invited_at: {
        personal: true,
        label: "When we sent the review invitation",
        kinds: ["orderHistory"],
        purpose: "So the invitation is sent once.",
        sharedWith: [],
      },
      skip_reason: bookkeeping("Why an order is not invited (cancelled before shipping, never shipped)."),
      created_at: bookkeeping(),
      updated_at: bookkeeping(),
    },
  },
  admin_login_tokens: {
    title: "Staff sign-in links",
    purpose:
      "The back office is signed in to by a single-use link e-mailed to a listed staff address. Only a one-way hash of each link's code is stored. Shoppers never have one.",
    retention: [{ rule: "staffSignInLink" }],
    definedIn: "schema",
    columns: {
      token_hash: bookkeeping("A one-way hash of the link's random code."),
      email: {
        personal: true,
        label: "Staff e-mail address",
        kinds: ["staffAccount"],
        purpose: "Who the link signs in.",
        sharedWith: ["mail"],
      },
      expires_at: bookkeeping(),
      used_at: bookkeeping(),
      created_at: bookkeeping(),
    },
  },
  admin_sessions: {
    title: "Staff sessions",
    purpose: "A signed-in back-office session (12 hours), stored as a one-way hash of the cookie's value.",
    retention: [{ rule: "staffSession" }],
    definedIn: "schema",
    columns: {
      id_hash: bookkeeping("A one-way hash of the session cookie's random value."),
      email: {
        personal: true,
        label: "Staff e-mail address",
        kinds: ["staffAccount"],
        purpose: "Who is signed in.",
        sharedWith: [],
      },
      expires_at: bookkeeping(),
      created_at: bookkeeping(),
    },
  },
  created_products: {
    title: "Test products",
    purpose: "Products the site's developer test page created in Shopify. No personal data.",
    retention: [{ rule: "siteRecord" }],
    definedIn: "schema",
    columns: {
      variant_id: bookkeeping("Shopify's product variant id."),
      product_id: bookkeeping(),
      handle: bookkeeping(),
      created_at: bookkeeping(),
    },
  },
  site_secrets: {
    title: "Site keys",
    purpose: "Keys the site makes for itself, such as the one that signs order page links. No personal data.",
    retention: [{ rule: "siteRecord" }],
    definedIn: "schema",
    columns: {
      name: bookkeeping("What the key is for."),
      value: bookkeeping("A random key."),
      created_at: bookkeeping(),
    },
  },
  rate_limits: {
    title: "Request counters",
    purpose:
      "Counts requests per network address so no one can flood the checkout, the forms or the sign-in. Used when the site runs on PostgreSQL without Redis; see “Request counters in memory and Redis” below for the other setups.",
    retention: [{ rule: "rateLimitCounter" }],
    definedIn: "rate-limiter",
    columns: {
      key: {
        personal: true,
        label: "Which limit, and your network address (or a one-way hash of a staff e-mail address)",
        kinds: ["networkAddress"],
        purpose: "To count your requests.",
        sharedWith: [],
      },
      points: bookkeeping("How many requests were counted."),
      expire: bookkeeping("When the counting window ends."),
    },
  },
} as const satisfies Record<string, TableEntry>;

export type TableName = keyof typeof tables;

/** Personal data that is not in a table of ours: where it is, why, how long, who else gets it. */
export type OtherRecord = {
  title: string;
  what: string;
  kinds: readonly DataKind[];
  purpose: string;
  retention: RetentionKey;
  sharedWith: readonly Processor[];
};

export const otherRecords = {
  serverLogs: {
    title: "Server logs",
    what: "One line per request: the method, the page address without anything after a “?” (for an order page, that address is its private link), the status code, how long it took and a random request id. Not your IP address, cookies or other headers. Events of the shop are logged too: order numbers, Stripe and Shopify references, a staff member's e-mail address when they sign in, and the errors of Stripe, Shopify or the mail server, which can quote an e-mail address.",
    kinds: ["browsing", "orderHistory", "paymentReference", "staffAccount", "contact"],
    purpose: "To keep the site running: find errors, spot attacks, prove what happened to an order.",
    retention: "serverLogs",
    sharedWith: ["host"],
  },
  rateLimitKeys: {
    title: "Request counters in memory and Redis",
    what: "The same counters as the table above when the site is set up without it: your network address (an IPv4 address, or the first half of an IPv6 address) with a count of recent requests per limited function, kept in the server's memory or in our Redis cache. Staff sign-in requests are also counted per one-way hash of the e-mail address asked for.",
    kinds: ["networkAddress"],
    purpose: "To stop floods of checkouts, sign-ups, messages and sign-in attempts.",
    retention: "rateLimitCounter",
    sharedWith: ["host"],
  },
  shopifyBuyerIp: {
    title: "Your IP address, passed to Shopify",
    what: "When our server asks Shopify for a product or its prices on your behalf (a product page, the checkout), it tells Shopify your IP address. We do not store it.",
    kinds: ["networkAddress"],
    purpose: "Shopify uses it to protect the store from bots and abuse.",
    retention: "notStored",
    sharedWith: ["shopify"],
  },
} as const satisfies Record<string, OtherRecord>;

/** What Stripe's hosted checkout page collects: on Stripe's page, under Stripe's privacy policy. */
export const stripeCheckout = {
  collects: [
    "Your e-mail address",
    "Your card details (number, expiry date, security code) and the name on the card; these go to Stripe only and never reach our servers",
    "Your billing postal code and country, when the card needs them",
    "Your shipping name and address (we ship to the United States)",
    "A promotion code, if you enter one",
    "That you agree to our terms of sale",
    "Information about your device and connection, which Stripe uses to prevent fraud",
  ],
  weReceive:
    "From Stripe we receive your e-mail address, name, shipping address, the amounts charged, whether the payment went through, the promotion code and Stripe's references for the payment. We never see your card number.",
} as const;

/** Cookies and browser storage the site actually uses (tests/unit/privacy-inventory.test.ts checks the names). */
export type BrowserStorageEntry = {
  name: string;
  type: "Cookie" | "Local storage" | "Session storage";
  who: string;
  purpose: string;
  lasts: string;
};

export const browserStorage: readonly BrowserStorageEntry[] = [
  {
    name: "forge_admin",
    type: "Cookie",
    who: "Staff signed in to the back office only; shoppers never get it",
    purpose:
      "Keeps a staff member signed in. Sent only to /admin pages, never readable by scripts, never sent by another site (HttpOnly, SameSite=Strict, Secure).",
    lasts: "12 hours, or until they sign out",
  },
  {
    name: variantOverrideKeys.enhancer ?? `${brand.slug.toUpperCase()}_ENHANCER_VARIANT_ID`,
    type: "Local storage",
    who: "Developers testing the store",
    purpose:
      "If present, the product variant the Enhancer's buy button checks out. The site reads it and never writes it.",
    lasts: "Until cleared",
  },
  {
    name: variantOverrideKeys.bundle_3_month ?? `${brand.slug.toUpperCase()}_BUNDLE_VARIANT_ID`,
    type: "Local storage",
    who: "Developers testing the store",
    purpose:
      "If present, the product variant the 3-month bundle's buy button checks out. The site reads it and never writes it.",
    lasts: "Until cleared",
  },
  {
    name: variantOverrideKeys.test_item ?? "TEST_PRODUCT_VARIANT_ID",
    type: "Local storage",
    who: "Developers using the test product page",
    purpose: "The 50-cent test product the developer page created, so it can be bought.",
    lasts: "Until cleared",
  },
  {
    name: `${brand.slug}:admin-api-token`,
    type: "Session storage",
    who: "Developers using the test product page",
    purpose: "The admin API token they typed, so they need not type it again.",
    lasts: "Until the tab is closed",
  },
];
