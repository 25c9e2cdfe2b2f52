import type { ReceivedMail } from "../../sandbox/mail/emulator";
import type { RunningServer } from "../../scripts/lib/server-process";
import type { StoreTarget } from "../support/shop";

/**
 * Shared by the checkout-* and fulfilment-* integration tests: standalone emulators in the test
 * process (so a test can inject faults, count outside calls, and share them between server processes),
 * the server's environment pointing at them, and a look into the database the servers wrote.
 */

export const ENHANCER = "gid://shopify/ProductVariant/49100000000001";
export const TEST_KIT = "gid://shopify/ProductVariant/49100000000002";
export const KIT_BUNDLE = "gid://shopify/ProductVariant/49100000000003";

/** A port that was free a moment ago (so PUBLIC_SITE_URL can name the server's own origin). */
export { freePort } from "../../scripts/lib/server-process";
/** The emulators, the stores and the server start: the suite's one fixture (tests/support/shop.ts). */
export {
  baseServerEnv,
  createStore,
  type Emulators,
  type StoreTarget,
  startEmulators,
  startShop,
} from "../support/shop";

export type Counts = { checkouts: number; orders: number; deliveries: number; sent: number };

export async function counts(store: StoreTarget): Promise<Counts> {
  const [row] = await store.query<{ checkouts: number; orders: number; deliveries: number; sent: number }>(
    `select (select count(*)::int from checkouts) as checkouts,
            (select count(*)::int from orders) as orders,
            (select count(*)::int from email_deliveries) as deliveries,
            (select count(*)::int from email_deliveries where status = 'sent') as sent`,
  );
  if (!row) throw new Error("no counts");
  return row;
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: left empty, the status tells
  }
  return { status: response.status, json, text, headers: response.headers };
}

export async function createCheckout(
  server: RunningServer,
  products: { shopifyVariantId: string; quantity: number }[],
  headers: Record<string, string> = {},
) {
  const result = await postJson(`${server.url}/api/hybrid-checkout`, { products }, headers);
  if (result.status !== 200) throw new Error(`hybrid-checkout answered ${result.status}: ${result.text}`);
  return result.json as { success: true; checkoutUrl: string; sessionId: string };
}

export function verify(server: RunningServer, sessionId: string) {
  return postJson(`${server.url}/api/verify-and-send-confirmation`, { sessionId });
}

/** The pay page's fields as a visitor fills them, terms of sale ticked (the card is what tests vary). */
export function payFields(card = "4242 4242 4242 4242", overrides: Record<string, string> = {}) {
  return new URLSearchParams({
    email: "sam.buyer@example.com",
    cardNumber: card,
    cardExpiry: "12 / 34",
    cardCvc: "123",
    name: "Sam Buyer",
    line1: "500 Congress Ave",
    line2: "Apt 4",
    city: "Austin",
    state: "TX",
    postalCode: "78701",
    country: "US",
    terms: "accepted",
    ...overrides,
  });
}

/** Submits the pay page's form like a browser without JavaScript (no redirect followed). */
export async function submitPayPage(payUrl: string, fields: URLSearchParams) {
  const response = await fetch(payUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields,
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** Bounded waits, shared by the whole suite. */
export { eventually, sleep } from "../support/wait";

/** The messages to `address` (whatever the case of either spelling: mail servers ignore it). */
export function mailsTo(messages: ReceivedMail[], address: string) {
  const wanted = address.toLowerCase();
  return messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === wanted));
}
