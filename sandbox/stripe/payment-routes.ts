import express from "express";
import { type Charges, REFUND_REASONS, type RefundInput, type RefundReason } from "./charges";
import { ApiFailure, invalid } from "./errors";
import type { createIdempotency } from "./idempotency";
import { expandList, integer, isRecord, listLimit, string } from "./parameters";
import type { Promotions } from "./promotions";

/**
 * The API beside Checkout Sessions, as Stripe's: PaymentIntents and Charges (read), Refunds (create,
 * read, list) and Promotion Codes (read). Mounted under /v1 after authentication (api.ts).
 */

const REFUND_PARAMS = new Set(["charge", "payment_intent", "amount", "reason", "metadata", "expand"]);

/** POST /v1/refunds's body, checked as Stripe checks it. */
export function refundParams(body: Record<string, unknown>): RefundInput {
  for (const key of Object.keys(body)) {
    if (!REFUND_PARAMS.has(key)) throw invalid(`Received unknown parameter: ${key}`, key);
  }
  const reason = string(body.reason, "reason");
  if (reason !== null && !REFUND_REASONS.includes(reason as RefundReason))
    throw invalid(`Invalid reason: must be one of ${REFUND_REASONS.join(", ")}`, "reason");
  const metadata: Record<string, string> = {};
  if (body.metadata !== undefined && body.metadata !== "") {
    if (!isRecord(body.metadata)) throw invalid("Invalid hash", "metadata");
    for (const [key, value] of Object.entries(body.metadata)) {
      if (typeof value !== "string") throw invalid("Invalid metadata value", `metadata[${key}]`);
      metadata[key] = value;
    }
  }
  return {
    charge: string(body.charge, "charge"),
    paymentIntent: string(body.payment_intent, "payment_intent"),
    amount: body.amount === undefined ? null : integer(body.amount, "amount", 1, 99_999_999),
    reason: reason as RefundReason | null,
    metadata,
  };
}

export function paymentRoutes(
  charges: Charges,
  promotions: Promotions,
  idempotent: ReturnType<typeof createIdempotency>,
): express.Router {
  const routes = express.Router();
  const query = (req: express.Request, name: string) =>
    typeof req.query[name] === "string" ? (req.query[name] as string) : undefined;

  routes.get("/payment_intents/:id", (req, res) => {
    res.json(structuredClone(charges.intent(req.params.id)));
  });
  routes.get("/charges/:id", (req, res) => {
    res.json(charges.serializeCharge(charges.charge(req.params.id), expandList(req.query.expand)));
  });
  routes.get("/charges/:id/refunds", (req, res) => {
    const id = req.params.id;
    charges.charge(id);
    const all = charges.listRefunds({ charge: id });
    const limit = listLimit(req.query.limit);
    res.json({
      object: "list",
      data: all.slice(0, limit),
      has_more: all.length > limit,
      url: `/v1/charges/${id}/refunds`,
    });
  });

  routes.post(
    "/refunds",
    idempotent((req) => ({
      status: 200,
      body: structuredClone(charges.refund(refundParams(isRecord(req.body) ? req.body : {}))),
    })),
  );
  routes.get("/refunds/:id", (req, res) => {
    res.json(structuredClone(charges.refundById(req.params.id)));
  });
  routes.get("/refunds", (req, res) => {
    const limit = listLimit(req.query.limit);
    const after = query(req, "starting_after");
    let all = charges.listRefunds({
      charge: query(req, "charge"),
      paymentIntent: query(req, "payment_intent"),
    });
    if (after) all = all.slice(all.findIndex((entry) => entry.id === after) + 1);
    res.json({ object: "list", data: all.slice(0, limit), has_more: all.length > limit, url: "/v1/refunds" });
  });

  routes.get("/promotion_codes/:id", (req, res) => {
    const found = promotions.byId(req.params.id);
    if (!found)
      throw new ApiFailure(404, {
        type: "invalid_request_error",
        message: `No such promotion code: '${req.params.id}'`,
        param: "promotion_code",
        code: "resource_missing",
      });
    res.json(promotions.serialize(found, expandList(req.query.expand).includes("promotion.coupon")));
  });
  routes.get("/promotion_codes", (req, res) => {
    const code = query(req, "code");
    const all = promotions.all().filter((entry) => !code || entry.code === code);
    const limit = listLimit(req.query.limit);
    res.json({
      object: "list",
      data: all.slice(0, limit).map((entry) => promotions.serialize(entry)),
      has_more: all.length > limit,
      url: "/v1/promotion_codes",
    });
  });
  return routes;
}
