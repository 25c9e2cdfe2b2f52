import express from "express";
import { loopbackSocketOnly } from "../test-hooks";
import type { Fault } from "./faults";

/**
 * The Shopify emulator's test hooks, mounted at `/__control` only when asked (sandbox/test-hooks.ts
 * says when, and why no header is read):
 *   POST   /__control/faults  {kind, api?, times?, ms?, status?, retryAfter?}   queue a fault (kinds: faults.ts)
 *   DELETE /__control/faults                                                   drop queued faults
 *   GET    /__control/calls                                                    {storefront, admin, total, log}
 *   POST   /__control/reset                                                    counters, faults and data back to the seed
 *   PUT    /__control/stock  {quantity, variantId?}                            units on hand of that variant, or of
 *                                                                              every variant whose stock is tracked
 */

export type ControlTarget = {
  addFault(fault: Fault): number;
  clearFaults(): void;
  calls(): unknown;
  reset(): void;
  /** Sets the units on hand; returns the variants changed (none: no such tracked variant). */
  setStock(quantity: number, variantId?: string): string[];
};

const FAULT_KINDS = new Set(["latency", "status", "throttled", "malformed", "timeout", "lost_answer"]);

/** Why a fault cannot be queued, or null. */
function faultError(body: Fault): string | null {
  if (!FAULT_KINDS.has(body.kind)) return `kind must be one of ${[...FAULT_KINDS].join(", ")}`;
  if (body.api !== undefined && !["storefront", "admin", "any"].includes(body.api))
    return "api must be storefront, admin or any";
  const times = body.times ?? 1;
  if (!Number.isInteger(times) || times === 0 || times < -1)
    return "times must be a positive whole number, or -1 for always";
  return null;
}

export function createControlRouter(target: ControlTarget): express.Router {
  const control = express.Router();
  control.use(loopbackSocketOnly);
  control.post("/faults", (req, res) => {
    const body = (req.body ?? {}) as Fault;
    const error = faultError(body);
    if (error) {
      res.status(400).json({ error });
      return;
    }
    res.status(201).json({ queued: target.addFault(body) });
  });
  control.delete("/faults", (_req, res) => {
    target.clearFaults();
    res.json({ queued: 0 });
  });
  control.get("/calls", (_req, res) => {
    res.json(target.calls());
  });
  control.put("/stock", (req, res) => {
    const { quantity, variantId } = (req.body ?? {}) as { quantity?: unknown; variantId?: unknown };
    if (
      !Number.isInteger(quantity) ||
      (quantity as number) < -1_000_000 ||
      (quantity as number) > 1_000_000
    ) {
      res.status(400).json({ error: "quantity must be a whole number" });
      return;
    }
    if (variantId !== undefined && typeof variantId !== "string") {
      res.status(400).json({ error: "variantId must be a variant's gid" });
      return;
    }
    const changed = target.setStock(quantity as number, variantId);
    if (changed.length === 0) {
      res.status(404).json({ error: "no variant with tracked stock by that id" });
      return;
    }
    res.json({ quantity, variants: changed });
  });
  control.post("/reset", (_req, res) => {
    target.reset();
    res.json(target.calls());
  });
  return control;
}
