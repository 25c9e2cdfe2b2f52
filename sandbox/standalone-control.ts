import http from "node:http";
import express from "express";
import { z } from "zod";
import type { StandaloneEmulators } from "./standalone-emulators";
import { loopbackSocketOnly } from "./test-hooks";

/**
 * The standalone emulators' test hooks for another process (`npm run emulators` with
 * EMULATOR_CONTROL_PORT; the chaos run, bench/chaos/): what a test in the emulators' own process does
 * through their methods, over HTTP on a loopback port of its own, answering this machine only
 * (test-hooks.ts). The Shopify emulator's faults stay at its own `/__control`.
 *
 *   GET  /stripe/sessions            every session: {id, status, paymentStatus, email, paymentIntent}
 *   PUT  /stripe/webhook-disorder    {duplicate, maxDelayMs}: events from now on duplicated, out of order
 *   DELETE /stripe/webhook-disorder  in order, once again
 *   POST /stripe/webhooks-settled    {timeoutMs}: 200 once no delivery waits or is in flight, else 504
 *   POST /mail/refuse                {ms}: SMTP greets every connection with 421 for that long
 *   DELETE /mail/refuse              accepts again
 *   GET  /mail/messages              every message kept: {to, subject, messageId}
 *   GET  /shopify/orders             every order kept: {id, name, email, sourceIdentifier, cancelledAt,
 *                                    refunds: [{id, note, amount}]} (amount in cents)
 */

const disorderInput = z.object({
  duplicate: z.boolean(),
  maxDelayMs: z.number().int().min(0).max(60_000),
});
const msInput = z.object({ ms: z.number().int().min(1).max(3_600_000) });
const settledInput = z.object({ timeoutMs: z.number().int().min(0).max(600_000) });

export function createStandaloneControl(emulators: StandaloneEmulators): express.Express {
  const { stripe, mail, shopify } = emulators;
  const app = express();
  app.disable("x-powered-by");
  app.use(loopbackSocketOnly);
  app.use(express.json({ limit: "16kb" }));

  app.get("/stripe/sessions", (_req, res) => {
    res.json({
      sessions: stripe.sessions().map((session) => ({
        id: session.id,
        status: session.status,
        paymentStatus: session.payment_status,
        email: session.customer_details?.email ?? session.customer_email ?? null,
        paymentIntent: typeof session.payment_intent === "string" ? session.payment_intent : null,
      })),
    });
  });
  app.put("/stripe/webhook-disorder", (req, res) => {
    const input = disorderInput.safeParse(req.body);
    if (!input.success) {
      res.status(400).json({ error: input.error.message });
      return;
    }
    stripe.setWebhookDisorder(input.data);
    res.json(input.data);
  });
  app.delete("/stripe/webhook-disorder", (_req, res) => {
    stripe.setWebhookDisorder(null);
    res.json({});
  });
  app.post("/stripe/webhooks-settled", async (req, res) => {
    const input = settledInput.safeParse(req.body);
    if (!input.success) {
      res.status(400).json({ error: input.error.message });
      return;
    }
    try {
      await stripe.webhooksSettled(input.data.timeoutMs);
      res.json({ settled: true });
    } catch {
      res.status(504).json({ settled: false });
    }
  });
  app.post("/mail/refuse", async (req, res) => {
    const input = msInput.safeParse(req.body);
    if (!input.success) {
      res.status(400).json({ error: input.error.message });
      return;
    }
    await mail.refuseConnections(input.data.ms, "reply");
    res.json({ refusingMs: input.data.ms });
  });
  app.delete("/mail/refuse", async (_req, res) => {
    await mail.acceptConnections();
    res.json({ refused: mail.refusedCount() });
  });
  app.get("/mail/messages", (_req, res) => {
    res.json({
      messages: mail.messages().map((message) => ({
        to: message.to.length ? message.to : message.envelope.to,
        subject: message.subject,
        messageId: message.messageId,
      })),
    });
  });
  app.get("/shopify/orders", (_req, res) => {
    res.json({
      orders: [...shopify.store.orders.all()].map((order) => ({
        id: order.id,
        name: order.name,
        email: order.email,
        sourceIdentifier: order.sourceIdentifier,
        cancelledAt: order.cancelledAt,
        refunds: order.refunds.map((refund) => ({ id: refund.id, note: refund.note, amount: refund.amount })),
      })),
    });
  });
  return app;
}

/** Serves the hooks on 127.0.0.1:`port`; resolves with its close. */
export async function startStandaloneControl(
  emulators: StandaloneEmulators,
  port: number,
): Promise<() => Promise<void>> {
  const server = http.createServer(createStandaloneControl(emulators));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}
