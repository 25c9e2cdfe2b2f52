import type { Db } from "~/server/db/client.server";
import type { Outbox } from "~/server/mail/outbox.server";
import type { OrderLinks } from "~/server/orders/order-link.server";
import type { ShopifySync } from "~/server/orders/shopify-sync.server";
import type { Logger } from "~/server/runtime/logger.server";
import type { CatalogService } from "~/server/shopify/catalog.server";
import type { CatalogConfig } from "~/server/shopify/catalog-config.server";
import type { PaymentsConfig } from "~/server/stripe/payments.server";
import { createSubscriptionBilling } from "~/server/stripe/subscriptions.server";
import { createInvoiceRefunds, type InvoiceRefunds } from "./invoice-refunds.server";
import { createManageSubscriptions, type ManageSubscriptions } from "./manage-subscriptions.server";
import { createSubscriptionReminders, type SubscriptionReminders } from "./reminders.server";
import { createSubscribe, type Subscribe } from "./subscribe.server";
import { createSubscribePage, type SubscribePage } from "./subscribe-page.server";
import { SUBSCRIPTION_PAGE } from "./subscription-emails.server";
import { createSubscriptionEvents, type SubscriptionEvents } from "./subscription-events.server";
import {
  createChangeCarrier,
  createUnconfirmedChangesSweep,
  type UnconfirmedChangesSweep,
} from "./unconfirmed-changes.server";

/** The subscriptions' services on one Stripe Billing adapter (services.server.ts assembles them). */
export function createSubscriptionServices(deps: {
  db: Db;
  stripe: PaymentsConfig;
  catalog: CatalogService;
  catalogConfig: CatalogConfig;
  outbox: Outbox;
  shopifySync: ShopifySync;
  orderLinks: OrderLinks;
  siteUrl: string;
  logger: Logger;
  /** The sign-up page's reads of the selling plan (decision 131). */
  page: { liveTtlMs: number; shownCache: { ttlMs: number; swrMs: number; maxStaleMs: number } };
  /** Claims in a transaction of their own (PostgreSQL; see the outbox's claim). */
  claimInTransaction?: boolean;
  /** How often the changes left pending are looked for (decision 157). */
  unconfirmedChangesPollMs: number;
}): {
  subscribe: Subscribe;
  events: SubscriptionEvents;
  page: SubscribePage;
  manage: ManageSubscriptions;
  reminders: SubscriptionReminders;
  invoiceRefunds: InvoiceRefunds;
  unconfirmedChanges: UnconfirmedChangesSweep;
} {
  const billing = createSubscriptionBilling(deps.stripe);
  const { db, logger, siteUrl } = deps;
  const subscribe = createSubscribe({
    db,
    catalog: deps.catalog,
    billing,
    variantId: deps.catalogConfig.variantIds.enhancer,
    siteUrl,
    logger,
  });
  // The reminders (decision 133): planned from Stripe's events, sent on Stripe's clock.
  const reminders = createSubscriptionReminders({
    db,
    billing,
    outbox: deps.outbox,
    logger,
    siteUrl,
    claimInTransaction: deps.claimInTransaction,
  });
  const events = createSubscriptionEvents({
    db,
    billing,
    outbox: deps.outbox,
    shopifySync: deps.shopifySync,
    logger,
    orderLinks: deps.orderLinks,
    itemOf: deps.catalogConfig.itemOf,
    siteUrl,
    reminders,
  });
  // Each subscriber's change, from written down to held by Stripe (decision 157).
  const carrier = createChangeCarrier({
    db,
    billing,
    outbox: deps.outbox,
    logger,
    pageUrl: `${siteUrl}${SUBSCRIPTION_PAGE}`,
  });
  return {
    subscribe,
    reminders,
    unconfirmedChanges: createUnconfirmedChangesSweep({
      db,
      carrier,
      logger,
      pollIntervalMs: deps.unconfirmedChangesPollMs,
    }),
    events,
    invoiceRefunds: createInvoiceRefunds({ db, billing, events }),
    page: createSubscribePage({
      db,
      catalog: deps.catalog,
      billing,
      subscribe,
      variantId: deps.catalogConfig.variantIds.enhancer,
      logger,
      sampleData: deps.catalogConfig.shopifyEmulated,
      ...deps.page,
    }),
    manage: createManageSubscriptions({ db, billing, outbox: deps.outbox, logger, siteUrl, carrier }),
  };
}
