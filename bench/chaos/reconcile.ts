/**
 * The chaos run's verdict, by counting everything rather than sampling (decision 128): the truth is
 * the Stripe emulator's list of paid sessions (money taken); against it, the orders in PostgreSQL,
 * the confirmation e-mails the mail emulator received, the orders the Shopify emulator holds, and
 * the two queues, which must be empty once the drain is over.
 */
import pg from "pg";

type Session = { id: string; status: string; paymentStatus: string; email: string | null };
type Message = { to: string[]; subject: string; messageId: string | null };
type ShopifyOrder = { id: string; name: string; sourceIdentifier: string | null };

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

export async function reconcile(controlUrl: string, directUrl: string): Promise<Reconciliation> {
  const [{ sessions }, { messages }, { orders: shopifyOrders }] = await Promise.all([
    getJson<{ sessions: Session[] }>(`${controlUrl}/stripe/sessions`),
    getJson<{ messages: Message[] }>(`${controlUrl}/mail/messages`),
    getJson<{ orders: ShopifyOrder[] }>(`${controlUrl}/shopify/orders`),
  ]);
  const client = new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  let orders: { session: string; number: string; email: string }[];
  let queues: { email_unsent: string; email_failed: string; shopify_unsent: string; shopify_failed: string };
  try {
    orders = (
      await client.query<{ session: string; number: string; email: string }>(
        "select stripe_session_id as session, order_number::text as number, email from orders",
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
  return { rows, problems, resent, ok: rows.every((r) => r.ok) };
}
