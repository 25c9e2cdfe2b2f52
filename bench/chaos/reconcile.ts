/**
 * The chaos run's verdict, by counting everything rather than sampling (decision 128): the truth is
 * the Stripe emulator's list of paid sessions (money taken); against it, the orders in PostgreSQL,
 * the confirmation e-mails the mail emulator received, the orders the Shopify emulator holds, and
 * the two queues, which must be empty once the drain is over. Refunds likewise: the truth is Stripe's
 * list of succeeded refunds (money given back); against it, the refunds recorded in PostgreSQL, each
 * order's refunded total, and the refunds the Shopify emulator holds on the orders (the store's mirror
 * names the Stripe refund in its note: "Refunded in Stripe (re_…)", shopify-sync.server.ts).
 */
import pg from "pg";

type Session = {
  id: string;
  status: string;
  paymentStatus: string;
  email: string | null;
  paymentIntent: string | null;
};
type Message = { to: string[]; subject: string; messageId: string | null };
type ShopifyOrder = {
  id: string;
  name: string;
  sourceIdentifier: string | null;
  cancelledAt: string | null;
  refunds: { id: string; note: string | null; amount: number }[];
};
type StripeRefund = { id: string; amount: number; payment_intent: string | null; status: string };

export type ReconcileSources = {
  /** The emulators' test hooks (sandbox/standalone-control.ts). */
  controlUrl: string;
  /** PostgreSQL, not through the freezable proxy. */
  directUrl: string;
  /** The Stripe emulator's API and a key it accepts (its refunds, listed as Stripe lists them). */
  stripeUrl: string;
  stripeSecretKey: string;
};

export type ReconciliationRow = { check: string; expected: string; found: string; ok: boolean };
export type Reconciliation = {
  rows: ReconciliationRow[];
  /** Sessions that broke the guarantee, each with what was wrong (the first few, for the report). */
  problems: string[];
  /** Confirmations received more than once with the same Message-ID (decision 030's window). */
  resent: number;
  ok: boolean;
};

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

const CONFIRMATION = /order #(\d+) is confirmed$/;
/** The Stripe refund a Shopify refund mirrors, as the store's sync notes it. */
const MIRRORED = /Refunded in Stripe \((re_[A-Za-z0-9_]+)\)/;

/** Every refund Stripe holds, page by page, as its list API gives them (newest first). */
async function stripeRefunds(stripeUrl: string, key: string): Promise<StripeRefund[]> {
  const all: StripeRefund[] = [];
  let after: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ limit: "100", ...(after ? { starting_after: after } : {}) });
    const response = await fetch(`${stripeUrl}/v1/refunds?${query}`, {
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`GET /v1/refunds: ${response.status}`);
    const page = (await response.json()) as { data: StripeRefund[]; has_more: boolean };
    all.push(...page.data);
    if (!page.has_more || page.data.length === 0) return all;
    after = page.data.at(-1)?.id;
  }
}

type OrderRow = {
  session: string;
  number: string;
  email: string;
  intent: string | null;
  total: number;
  refunded: number;
};
type RefundRow = { id: string; amount: number; intent: string | null };

export async function reconcile(sources: ReconcileSources): Promise<Reconciliation> {
  const { controlUrl, directUrl } = sources;
  const [{ sessions }, { messages }, { orders: shopifyOrders }, refundsInStripe] = await Promise.all([
    getJson<{ sessions: Session[] }>(`${controlUrl}/stripe/sessions`),
    getJson<{ messages: Message[] }>(`${controlUrl}/mail/messages`),
    getJson<{ orders: ShopifyOrder[] }>(`${controlUrl}/shopify/orders`),
    stripeRefunds(sources.stripeUrl, sources.stripeSecretKey),
  ]);
  const client = new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  let orders: OrderRow[];
  let recorded: RefundRow[];
  let queues: { email_unsent: string; email_failed: string; shopify_unsent: string; shopify_failed: string };
  try {
    orders = (
      await client.query<OrderRow>(
        `select stripe_session_id as session, order_number::text as number, email,
                payment_intent_id as intent, amount_total as total, amount_refunded as refunded
           from orders`,
      )
    ).rows;
    recorded = (
      await client.query<RefundRow>(
        `select r.stripe_refund_id as id, r.amount, o.payment_intent_id as intent
           from refunds r join orders o on o.id = r.order_id`,
      )
    ).rows;
    queues = (
      await client.query(
        `select
           (select count(*) from email_deliveries where status in ('pending', 'sending')) as email_unsent,
           (select count(*) from email_deliveries where status = 'failed') as email_failed,
           (select count(*) from shopify_syncs where status in ('pending', 'sending')) as shopify_unsent,
           (select count(*) from shopify_syncs where status = 'failed') as shopify_failed`,
      )
    ).rows[0];
  } finally {
    await client.end().catch(() => undefined);
  }

  const paid = sessions.filter((s) => s.paymentStatus === "paid");
  const paidIds = new Set(paid.map((s) => s.id));
  const ordersBySession = new Map<string, typeof orders>();
  for (const order of orders)
    ordersBySession.set(order.session, [...(ordersBySession.get(order.session) ?? []), order]);
  const mailsByNumber = new Map<string, Message[]>();
  for (const message of messages) {
    const number = CONFIRMATION.exec(message.subject)?.[1];
    if (number) mailsByNumber.set(number, [...(mailsByNumber.get(number) ?? []), message]);
  }
  const shopifyBySource = new Map<string, number>();
  for (const order of shopifyOrders) {
    if (order.sourceIdentifier) {
      shopifyBySource.set(order.sourceIdentifier, (shopifyBySource.get(order.sourceIdentifier) ?? 0) + 1);
    }
  }

  let oneOrder = 0;
  let oneMail = 0;
  let oneShopify = 0;
  let resent = 0;
  const problems: string[] = [];
  for (const session of paid) {
    const found = ordersBySession.get(session.id) ?? [];
    const order = found[0];
    const mails = order ? (mailsByNumber.get(order.number) ?? []) : [];
    const distinct = new Set(mails.map((m) => m.messageId ?? `none:${Math.random()}`)).size;
    const rightRecipient = mails.every((m) => session.email !== null && m.to.includes(session.email));
    const inShopify = shopifyBySource.get(session.id) ?? 0;
    const wrong: string[] = [];
    if (found.length === 1) oneOrder += 1;
    else wrong.push(`${found.length} orders`);
    if (distinct === 1 && rightRecipient) oneMail += 1;
    else wrong.push(`${distinct} confirmation e-mails${rightRecipient ? "" : " (one to a wrong address)"}`);
    if (mails.length > distinct) resent += mails.length - distinct;
    if (inShopify === 1) oneShopify += 1;
    else wrong.push(`${inShopify} Shopify orders`);
    if (wrong.length) problems.push(`${session.id}: ${wrong.join(", ")}`);
  }
  const strayOrders = orders.filter((o) => !paidIds.has(o.session)).length;
  const strayShopify = shopifyOrders.filter(
    (o) => !o.sourceIdentifier || !paidIds.has(o.sourceIdentifier),
  ).length;
  const confirmations = [...mailsByNumber.values()].reduce((n, list) => n + list.length, 0);
  const n = String(paid.length);
  const row = (check: string, expected: string, found: number | string, ok: boolean): ReconciliationRow => ({
    check,
    expected,
    found: String(found),
    ok,
  });
  const rows = [
    row("Stripe sessions paid (the truth)", "-", paid.length, true),
    row("…each exactly one order in PostgreSQL", n, oneOrder, oneOrder === paid.length),
    row("Orders with no paid session", "0", strayOrders, strayOrders === 0),
    row(
      "…each exactly one confirmation e-mail (one Message-ID, to the payer)",
      n,
      oneMail,
      oneMail === paid.length,
    ),
    row("Confirmation e-mails received in all", n, confirmations, confirmations - resent === paid.length),
    row("…each exactly one order in the Shopify emulator", n, oneShopify, oneShopify === paid.length),
    row("Shopify orders with no paid session", "0", strayShopify, strayShopify === 0),
    row("E-mails still queued (pending, sending)", "0", queues.email_unsent, queues.email_unsent === "0"),
    row("E-mails given up (failed)", "0", queues.email_failed, queues.email_failed === "0"),
    row(
      "Shopify syncs still queued (pending, sending)",
      "0",
      queues.shopify_unsent,
      queues.shopify_unsent === "0",
    ),
    row("Shopify syncs given up (failed)", "0", queues.shopify_failed, queues.shopify_failed === "0"),
  ];
  rows.push(...reconcileRefunds(refundsInStripe, paid, orders, recorded, shopifyOrders, problems));
  return { rows, problems, resent, ok: rows.every((r) => r.ok) };
}

/** Each succeeded Stripe refund: one row in PostgreSQL and one refund in Shopify, of its amount, on its order. */
function reconcileRefunds(
  refundsInStripe: StripeRefund[],
  paid: Session[],
  orders: OrderRow[],
  recorded: RefundRow[],
  shopifyOrders: ShopifyOrder[],
  problems: string[],
): ReconciliationRow[] {
  const truth = refundsInStripe.filter((refund) => refund.status === "succeeded");
  const sessionOfIntent = new Map(paid.map((s) => [s.paymentIntent, s.id]));
  const recordedById = new Map<string, RefundRow[]>();
  for (const row of recorded) recordedById.set(row.id, [...(recordedById.get(row.id) ?? []), row]);
  /** Shopify's refunds by the Stripe refund their note names, with the order each is on. */
  const mirrors = new Map<string, { order: ShopifyOrder; amount: number }[]>();
  let unnamed = 0;
  for (const order of shopifyOrders) {
    for (const refund of order.refunds) {
      const id = MIRRORED.exec(refund.note ?? "")?.[1];
      if (!id) unnamed += 1;
      else mirrors.set(id, [...(mirrors.get(id) ?? []), { order, amount: refund.amount }]);
    }
  }
  const truthIds = new Set(truth.map((refund) => refund.id));
  let oneRecord = 0;
  let oneMirror = 0;
  for (const refund of truth) {
    const wrong: string[] = [];
    const rows = recordedById.get(refund.id) ?? [];
    if (rows.length === 1 && rows[0]?.amount === refund.amount && rows[0]?.intent === refund.payment_intent)
      oneRecord += 1;
    else
      wrong.push(
        `${rows.length} refunds in PostgreSQL${rows.length === 1 ? " (another amount or order)" : ""}`,
      );
    const session = sessionOfIntent.get(refund.payment_intent);
    const found = mirrors.get(refund.id) ?? [];
    const mirror = found[0];
    if (found.length === 1 && mirror?.amount === refund.amount && mirror.order.sourceIdentifier === session)
      oneMirror += 1;
    else
      wrong.push(
        `${found.length} refunds in Shopify${found.length === 1 ? " (another amount or order)" : ""}`,
      );
    if (wrong.length) problems.push(`${refund.id} (${refund.payment_intent}): ${wrong.join(", ")}`);
  }
  const strayRecords = recorded.filter((row) => !truthIds.has(row.id)).length;
  const strayMirrors = [...mirrors.keys()].filter((id) => !truthIds.has(id)).length + unnamed;

  // Each order's refunded total is Stripe's; an order refunded in full is cancelled in Shopify (it is not
  // shipped: nothing in this run ships), so no one ships what was paid back.
  const refundedByIntent = new Map<string, number>();
  for (const refund of truth) {
    if (refund.payment_intent)
      refundedByIntent.set(
        refund.payment_intent,
        (refundedByIntent.get(refund.payment_intent) ?? 0) + refund.amount,
      );
  }
  let totalsRight = 0;
  let totalsChecked = 0;
  for (const order of orders) {
    const stripeTotal = order.intent ? (refundedByIntent.get(order.intent) ?? 0) : 0;
    if (stripeTotal === 0 && Number(order.refunded) === 0) continue;
    totalsChecked += 1;
    if (Number(order.refunded) === stripeTotal) totalsRight += 1;
    else
      problems.push(
        `order ${order.number}: refunded ${order.refunded} in PostgreSQL, ${stripeTotal} in Stripe`,
      );
  }
  const shopifyBySession = new Map(shopifyOrders.map((o) => [o.sourceIdentifier, o]));
  let fullyRefunded = 0;
  let cancelled = 0;
  for (const order of orders) {
    if (!order.intent || (refundedByIntent.get(order.intent) ?? 0) < Number(order.total)) continue;
    fullyRefunded += 1;
    if (shopifyBySession.get(order.session)?.cancelledAt) cancelled += 1;
    else problems.push(`${order.session}: refunded in full, not cancelled in Shopify`);
  }

  const n = String(truth.length);
  const row = (check: string, expected: string, found: number | string, ok: boolean): ReconciliationRow => ({
    check,
    expected,
    found: String(found),
    ok,
  });
  return [
    row("Stripe refunds succeeded (the truth)", "-", truth.length, true),
    row(
      "…each exactly one refund in PostgreSQL, of its amount, on its order",
      n,
      oneRecord,
      oneRecord === truth.length,
    ),
    row(
      "…each mirrored exactly once in the Shopify emulator, of its amount, on its order",
      n,
      oneMirror,
      oneMirror === truth.length,
    ),
    row(
      "Refunds in PostgreSQL or Shopify with no Stripe refund",
      "0",
      strayRecords + strayMirrors,
      strayRecords + strayMirrors === 0,
    ),
    row(
      "Refunded orders whose refunded total in PostgreSQL is Stripe's",
      String(totalsChecked),
      totalsRight,
      totalsRight === totalsChecked,
    ),
    row(
      "Orders refunded in full: cancelled in Shopify",
      String(fullyRefunded),
      cancelled,
      cancelled === fullyRefunded,
    ),
  ];
}
