import { eq } from "drizzle-orm";
import { z } from "zod";
import { PLACEHOLDER_MARKER } from "~/content/catalog";
import { subscribeLinkText } from "~/content/subscribe";
import {
  BOTTLE_CHOICES,
  type ChangedReason,
  type SubscribeChoice,
  type SubscribePageView,
  shownTermsKey,
  type WelcomeView,
} from "~/contracts/subscribe";
import type { Db } from "~/server/db/client.server";
import { subscriptions } from "~/server/db/schema";
import type { Logger } from "~/server/runtime/logger.server";
import { cacheStrategies, createShopifyCache } from "~/server/shopify/cache.server";
import type { CatalogService, SubscriptionAvailability } from "~/server/shopify/catalog.server";
import { createProductCache } from "~/server/shopify/product-cache.server";
import type { SubscriptionBilling } from "~/server/stripe/subscription-types";
import { withinTime } from "~/server/time-limit.server";
import { formatMoney } from "~/shared/money";
import {
  type PlainDate,
  SERVINGS_PER_BOTTLE,
  STORE_TIME_ZONE,
  WEEKS_OFF,
  WEEKS_ON,
  zonedDate,
} from "~/shared/subscription-cycle";
import { choiceOf, signUpCalendar, termsOf } from "./sign-up-terms.server";
import { type Subscribe, SubscriptionPriceChangedError } from "./subscribe.server";

/**
 * The subscription sign-up's pages (issue 36 item 2, decision 131), below the routes:
 *
 * - the page's view: the selling plan read live from Shopify (a few seconds' cache at most, shared by
 *   requests at the same moment), the chosen cycle's terms and its calendar from today;
 * - the entry points' offer (the Enhancer page, the quiz result): read without waiting, through the
 *   product cache's strategy, so those pages never wait on Shopify for a link;
 * - the start: Checkout only when the terms the page showed beside its button are still the terms
 *   (the choice posted and the plan's price), else the page is shown again with what changed;
 * - the welcome page: the session re-read from Stripe, for a subscription this site recorded.
 */

/** The sign-up form's POST: strict (a value the page never offers is refused). */
export const subscribeForm = z.strictObject({
  weeksOn: z.enum(WEEKS_ON.map(String) as [string, ...string[]]).transform(Number),
  weeksOff: z.enum(WEEKS_OFF.map(String) as [string, ...string[]]).transform(Number),
  bottles: z.enum(BOTTLE_CHOICES.map(String) as [string, ...string[]]).transform(Number),
});

export type EntryOffer = { percentOff: number; pricePerBottle: number; currency: string };

export type StartResult =
  | { kind: "checkout"; url: string }
  | { kind: "changed"; reason: ChangedReason; choice: SubscribeChoice };

export interface SubscribePage {
  view(choice: SubscribeChoice, caller: { buyerIp: string; requestId: string }): Promise<SubscribePageView>;
  /** The link's offer on other pages: never waits (null until Shopify has answered once, or without a plan). */
  entryOffer(): EntryOffer | null;
  /** The words of that link ("Subscribe and save 15%: …"), or null: no link. */
  entryLink(): string | null;
  start(input: {
    choice: SubscribeChoice;
    /** The terms the page showed (`shownTermsKey`), sent back with the form. */
    shown: string | undefined;
    cancelUrl: string;
    requestKey: string;
    buyerIp: string;
  }): Promise<StartResult>;
  welcome(sessionId: string | null): Promise<WelcomeView>;
}

export type SubscribePageDeps = {
  db: Db;
  catalog: Pick<CatalogService, "getSubscriptionOffer">;
  billing: Pick<SubscriptionBilling, "retrieveSubscriptionSession" | "retrieveSubscription">;
  subscribe: Subscribe;
  /** The Enhancer's variant. */
  variantId: string;
  logger: Logger;
  /** How long one read of the plan serves the page (CHECKOUT_VARIANT_CACHE_SECONDS): never older. */
  liveTtlMs: number;
  /** The entry links' cache: the product cache's settings (fresh, stale-while-revalidate, stale-if-error). */
  shownCache: { ttlMs: number; swrMs: number; maxStaleMs: number };
  /** The page gives up on Shopify after this and says so. */
  readTimeoutMs?: number;
  /** Today in the store's time zone (tests fix it). */
  today?: () => PlainDate;
  /** The store is the sandbox's emulator: its plan is sample data, and the figures say so (decision 137). */
  sampleData?: boolean;
};

const KEY = "enhancer";

export function createSubscribePage(deps: SubscribePageDeps): SubscribePage {
  const { db, logger } = deps;
  const today = deps.today ?? (() => zonedDate(Math.floor(Date.now() / 1000), STORE_TIME_ZONE));
  const live = createShopifyCache<SubscriptionAvailability>(
    cacheStrategies.checkoutVariants({ ttlMs: deps.liveTtlMs, maxEntries: 4 }),
  );
  const shown = createProductCache<SubscriptionAvailability>({ ...deps.shownCache, maxEntries: 4, logger });
  // A store not yet configured (a placeholder variant id) has nothing to ask Shopify about.
  const configured = !deps.variantId.includes(PLACEHOLDER_MARKER);
  const load = (buyerIp?: string): Promise<SubscriptionAvailability> =>
    configured
      ? deps.catalog.getSubscriptionOffer(deps.variantId, { buyerIp })
      : Promise.resolve({ offered: false, reason: "unknown_variant" });

  async function readLive(buyerIp: string): Promise<SubscriptionAvailability> {
    const kept = live.read(KEY);
    if (kept?.fresh) return kept.value;
    const read = live.shared(KEY, (store) =>
      load(buyerIp).then((availability) => {
        if (deps.liveTtlMs > 0) store(KEY, availability);
        return availability;
      }),
    );
    return withinTime(read, deps.readTimeoutMs ?? 5_000, () => new Error("Shopify took too long"));
  }

  function entryOffer(): EntryOffer | null {
    const availability = shown.current(KEY, () => load());
    if (!availability?.offered) return null;
    const terms = termsOf(availability.offer, 1);
    return terms
      ? { percentOff: terms.percentOff, pricePerBottle: terms.pricePerBottle, currency: terms.currency }
      : null;
  }

  return {
    async view(choice, caller) {
      let availability: SubscriptionAvailability;
      try {
        availability = await readLive(caller.buyerIp);
      } catch (error) {
        logger.warn({ err: error, requestId: caller.requestId }, "subscription offer unavailable");
        return { choice, offer: { status: "unavailable" }, calendar: null };
      }
      if (!availability.offered) return { choice, offer: { status: "not_offered" }, calendar: null };
      const terms = termsOf(availability.offer, choice.bottles);
      if (!terms) {
        logger.error({ offer: availability.offer }, "selling plan prices this site cannot state");
        return { choice, offer: { status: "not_offered" }, calendar: null };
      }
      return {
        choice,
        offer: {
          status: "offered",
          terms,
          shownKey: shownTermsKey(choice, terms.pricePerBottle, terms.currency),
          ...(deps.sampleData ? { sample: true as const } : {}),
        },
        calendar: signUpCalendar({ start: today(), cycle: choice, amountPerDelivery: terms.perDelivery }),
      };
    },

    entryOffer,

    entryLink() {
      const offer = entryOffer();
      return offer
        ? subscribeLinkText(
            formatMoney(offer.pricePerBottle, offer.currency),
            offer.percentOff,
            deps.sampleData,
          )
        : null;
    },

    async start(input) {
      const { choice } = input;
      const [weeksOn, weeksOff, bottles, unitAmount, currency] = (input.shown ?? "").split("-");
      const sameChoice =
        Number(weeksOn) === choice.weeksOn &&
        Number(weeksOff) === choice.weeksOff &&
        Number(bottles) === choice.bottles;
      // The page showed other terms beside the button (a choice changed without the page redrawn).
      if (!input.shown || !sameChoice) return { kind: "changed", reason: "choice", choice };
      try {
        const started = await deps.subscribe.start({
          quantity: choice.bottles,
          weeksOn: choice.weeksOn,
          weeksOff: choice.weeksOff,
          cancelUrl: input.cancelUrl,
          requestKey: input.requestKey,
          buyerIp: input.buyerIp,
          expected: { unitAmount: Number(unitAmount), currency: currency as string },
        });
        return { kind: "checkout", url: started.checkoutUrl };
      } catch (error) {
        if (!(error instanceof SubscriptionPriceChangedError)) throw error;
        // The page's next read must see the new price.
        live.delete(KEY);
        return { kind: "changed", reason: "price", choice };
      }
    },

    async welcome(sessionId) {
      if (!sessionId) return { state: "missing" };
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.stripeSessionId, sessionId));
      // Only a sign-up this site recorded; any other session is not ours to describe.
      if (!row) return { state: "unknown" };
      let session: Awaited<ReturnType<SubscribePageDeps["billing"]["retrieveSubscriptionSession"]>>;
      try {
        session = await deps.billing.retrieveSubscriptionSession(sessionId);
      } catch (error) {
        logger.warn({ err: error, sessionId }, "welcome page: Stripe unavailable");
        return { state: "unavailable" };
      }
      if (!session) return { state: "unknown" };
      const paid = session.status === "complete" && session.paymentStatus === "paid";
      if (!paid || !session.subscriptionId) return { state: "unpaid", expired: session.status === "expired" };
      if (row.stripeSubscriptionId && row.stripeSubscriptionId !== session.subscriptionId)
        return { state: "unknown" };
      let startedAt: number;
      try {
        const subscription = await deps.billing.retrieveSubscription(session.subscriptionId);
        if (!subscription) return { state: "unknown" };
        startedAt = subscription.startedAt;
      } catch (error) {
        logger.warn({ err: error, sessionId }, "welcome page: Stripe unavailable");
        return { state: "unavailable" };
      }
      const choice = choiceOf(row);
      const perDelivery = row.unitAmount * row.quantity;
      return {
        state: "confirmed",
        email: session.email ?? row.email,
        productTitle: row.productTitle,
        choice,
        currency: row.currency,
        pricePerBottle: row.unitAmount,
        perDelivery,
        // Every subscription this site sells renews every 30 days (decision 119).
        everyDays: SERVINGS_PER_BOTTLE,
        calendar: signUpCalendar({
          start: zonedDate(startedAt, STORE_TIME_ZONE),
          cycle: choice,
          amountPerDelivery: perDelivery,
        }),
      };
    },
  };
}
