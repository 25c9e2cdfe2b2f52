import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../scripts/lib/server-process";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import {
  createStore,
  type Emulators,
  ENHANCER,
  eventually,
  KIT_BUNDLE,
  type StoreTarget,
  startEmulators,
  startShop,
} from "./checkout-harness";
import { textOf } from "./order-pages-support";
import { invitationsTo, invitationTo, markShipped, paidOrder, shopifyNumberOf } from "./review-support";

/**
 * Issue 18 item 1 over HTTP: a paid order, marked shipped in the Shopify emulator, gets one review
 * invitation e-mail (REVIEW_INVITE_DAYS after shipping), with a signed link per product bought; not
 * before it ships; exactly once, also with two server processes on one PostgreSQL.
 */

type InvitationRow = { status: string; checks: number; days: number | null; deliveries: number };

const invitationRow = (store: StoreTarget, sessionId: string) =>
  store.query<InvitationRow>(
    `select r.status, r.checks,
            (extract(epoch from (r.due_at - r.shipped_at)) / 86400)::float8 as days,
            (select count(*)::int from email_deliveries d
              where d.kind = 'review_invitation' and d.dedupe_key = o.id::text) as deliveries
       from orders o left join review_invitations r on r.order_id = o.id
      where o.stripe_session_id = $1`,
    [sessionId],
  );

describe.each(databaseTargets)("review invitations on $name", ({ name }) => {
  describe("REVIEW_INVITE_DAYS=0: as soon as the order ships", () => {
    const shop = useShop({
      store: name,
      ownOrigin: true,
      env: { REVIEW_INVITE_DAYS: "0", REVIEW_INVITE_POLL_SECONDS: "1" },
    });

    it("nothing while it waits in Shopify; once shipped, one e-mail with a link per product bought", async () => {
      const buyer = "invite.buyer@example.com";
      // The Enhancer and the Enhancer + kit bundle: two products to review, the Enhancer once.
      const order = await paidOrder(shop, buyer, [
        { shopifyVariantId: ENHANCER, quantity: 1 },
        { shopifyVariantId: KIT_BUNDLE, quantity: 1 },
      ]);
      await shopifyNumberOf(shop.emulators, order.sessionId);
      if (name === "postgres") {
        // The job has asked Shopify (not shipped) and sent nothing.
        await eventually(async () => {
          const [row] = await invitationRow(shop.store, order.sessionId);
          expect(row).toMatchObject({ status: "waiting", deliveries: 0 });
          expect(row?.checks).toBeGreaterThanOrEqual(1);
        }, 30_000);
      }
      expect(invitationsTo(shop.emulators, buyer)).toEqual([]);

      await markShipped(shop.emulators, order.sessionId);
      const invitation = await invitationTo(shop.emulators, buyer);
      expect(invitation.subject).toBe(`How was your Forge order #${order.orderNumber}?`);
      expect(invitation.links).toHaveLength(2);
      expect(new Set(invitation.links).size).toBe(2);
      for (const link of invitation.links) {
        expect(link.startsWith(`${shop.origin}/reviews/write/`)).toBe(true);
        expect(invitation.html).toContain(`href="${link}"`);
      }
      const text = invitation.text;
      expect(text).toContain("Write a review of Forge Enhancer:");
      expect(text).toContain("Write a review of At-Home Testosterone Test Kit:");
      expect(text).toContain("90 days");
      expect(textOf(invitation.html)).toContain("Write a review");
      // Every buyer is asked for an honest review; nothing is offered and no kind of review is asked for.
      for (const words of [/positive/i, /5[- ]star/i, /discount/i, /coupon/i, /reward/i, /free gift/i])
        expect(`${text} ${textOf(invitation.html)}`).not.toMatch(words);
      expect(text).toContain("good or bad");

      const [row] = await invitationRow(shop.store, order.sessionId);
      expect(row).toMatchObject({ status: "invited", deliveries: 1, days: 0 });
      expect(invitationsTo(shop.emulators, buyer)).toHaveLength(1);
      // Each link opens its form.
      for (const link of invitation.links) expect((await fetch(link)).status).toBe(200);
    });
  });

  describe("REVIEW_INVITE_DAYS=30: the invitation waits its days", () => {
    const shop = useShop({
      store: name,
      ownOrigin: true,
      env: { REVIEW_INVITE_DAYS: "30", REVIEW_INVITE_POLL_SECONDS: "1" },
    });

    it("a shipped order is due 30 days after it shipped, and gets no e-mail before", async () => {
      const buyer = "invite.later@example.com";
      const order = await paidOrder(shop, buyer);
      await markShipped(shop.emulators, order.sessionId);
      await eventually(
        async () => {
          const [row] = await invitationRow(shop.store, order.sessionId);
          expect(row).toMatchObject({ status: "due", deliveries: 0 });
          expect(Number(row?.days)).toBeCloseTo(30, 5);
        },
        60_000,
        name === "postgres" ? 200 : 1_000,
      );
      expect(invitationsTo(shop.emulators, buyer)).toEqual([]);
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "review invitations: two server processes on one PostgreSQL",
  () => {
    let emulators: Emulators;
    let store: StoreTarget;
    let servers: RunningServer[] = [];
    const env = { REVIEW_INVITE_DAYS: "0", REVIEW_INVITE_POLL_SECONDS: "1" };

    beforeAll(async () => {
      emulators = await startEmulators();
      store = await createStore("postgres");
      servers = await Promise.all([
        startShop({ ...emulators.env, ...store.env, ...env }),
        startShop({ ...emulators.env, ...store.env, ...env }),
      ]);
    }, 180_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await emulators?.close();
      await store?.drop();
    });

    it("four orders shipped at once → exactly one invitation each", async () => {
      const [a, b] = servers as [RunningServer, RunningServer];
      const buyers = ["two.a@example.com", "two.b@example.com", "two.c@example.com", "two.d@example.com"];
      const orders = await Promise.all(
        buyers.map((buyer, index) => {
          const server = index % 2 ? b : a;
          return paidOrder({ server, origin: server.url }, buyer);
        }),
      );
      await Promise.all(orders.map((order) => markShipped(emulators, order.sessionId)));
      for (const buyer of buyers) await invitationTo(emulators, buyer);
      // Both processes poll every second: give them passes over the invited rows, then count.
      await eventually(async () => {
        const rows = await Promise.all(orders.map((order) => invitationRow(store, order.sessionId)));
        expect(rows.map(([row]) => row?.status)).toEqual(Array(4).fill("invited"));
      });
      for (const order of orders) {
        const [row] = await invitationRow(store, order.sessionId);
        expect(row?.deliveries).toBe(1);
      }
      for (const buyer of buyers) expect(invitationsTo(emulators, buyer)).toHaveLength(1);
      const queued = servers.map(
        (server) => server.logs.filter((line) => line.includes("review invitation queued")).length,
      );
      expect(queued.reduce((sum, count) => sum + count, 0)).toBe(4);
    });
  },
);
