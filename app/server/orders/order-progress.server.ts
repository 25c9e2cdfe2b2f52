import { shipping } from "~/content/product";
import type { OrderTrackingStatus, TrackingProgress, TrackingShipment } from "~/contracts/order-tracking";
import type { ShopifyOrderStatus, ShopifyShipment } from "~/server/shopify/order-types";

/**
 * Shopify's word on an order (or ours, before Shopify has it) → what the order page says. Pure: the
 * page's wording lives here and nowhere else, and the unit tests read it.
 */

export const STEP_LABELS = ["Paid", "Being prepared", "Shipped", "Delivered"] as const;

export type ProgressInput = {
  /** What Shopify said (live or last known); null: Shopify does not have the order yet, or never answered. */
  status: ShopifyOrderStatus | null;
  /** Our own record of Stripe refunds (minor units), for the time before Shopify has the order. */
  amountRefunded: number;
  amountTotal: number;
  money: (amount: number) => string;
  /** Null when the status is live; else when it was last read (null inside: never). */
  stale: { checkedAt: Date | null } | null;
  /** When the status shown was read (from Shopify, or from our record before Shopify has the order). */
  checkedAt: Date;
};

export function formatDay(date: Date): string {
  return date.toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

export function formatMoment(date: Date): string {
  const day = formatDay(date);
  const time = date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  return `${day}, ${time} UTC`;
}

const dayOf = (iso: string | null) => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatDay(date);
};

/** A tracking address is shown as a link only when it is a web address (never `javascript:`). */
function safeUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

function shipmentOf(shipment: ShopifyShipment): TrackingShipment {
  return {
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: safeUrl(shipment.trackingUrl),
    shippedOn: dayOf(shipment.shippedAt),
    deliveredOn: dayOf(shipment.deliveredAt),
  };
}

/** Where a partly refunded order is on its way, from its shipments. */
function stepFromShipments(shipments: TrackingShipment[]): number {
  if (shipments.some((shipment) => shipment.deliveredOn)) return 3;
  return shipments.length > 0 ? 2 : 1;
}

export function stepsAt(step: number | null): OrderTrackingStatus["steps"] {
  if (step === null) return [];
  return STEP_LABELS.map((label, index) => ({
    label,
    state:
      index < step || (index === step && step === STEP_LABELS.length - 1)
        ? "done"
        : index === step
          ? "current"
          : "upcoming",
  }));
}

export function staleNoteOf(stale: ProgressInput["stale"]): string | null {
  if (!stale) return null;
  return stale.checkedAt
    ? `Live status is unavailable right now; this is the status as of ${formatMoment(stale.checkedAt)}.`
    : "Live status is unavailable right now; this is what we know from your payment.";
}

export function trackingStatusOf(input: ProgressInput): OrderTrackingStatus {
  const shipments = (input.status?.shipments ?? []).map(shipmentOf);
  const progress: TrackingProgress =
    input.status?.progress ??
    (input.amountRefunded >= input.amountTotal && input.amountRefunded > 0
      ? "refunded"
      : input.amountRefunded > 0
        ? "partially_refunded"
        : "paid");
  const refunded = input.money(input.amountRefunded);
  const carrier = shipments.find((shipment) => shipment.carrier)?.carrier;
  const delivered = shipments.find((shipment) => shipment.deliveredOn)?.deliveredOn;
  const base = {
    progress,
    shipments,
    staleNote: staleNoteOf(input.stale),
    // A stale status says its own time in the stale note.
    lastChecked: input.stale ? null : `Last checked ${formatMoment(input.checkedAt)}`,
  };
  switch (progress) {
    case "paid":
      return {
        ...base,
        // The stepper's current step is Paid and "Being prepared" is still to come: the headline agrees.
        headline: "Paid — packing comes next",
        detail: `Your payment went through. ${shipping.dispatch}; we'll e-mail you the tracking number when it leaves us.`,
        tone: "progress",
        steps: stepsAt(0),
      };
    case "preparing":
      return {
        ...base,
        headline: "Being prepared",
        detail: "We're packing your order. You'll get the tracking number by e-mail as soon as it ships.",
        tone: "progress",
        steps: stepsAt(1),
      };
    case "shipped":
      return {
        ...base,
        headline: "Shipped",
        detail: carrier ? `Your order is on its way with ${carrier}.` : "Your order is on its way.",
        tone: "progress",
        steps: stepsAt(2),
      };
    case "delivered":
      return {
        ...base,
        headline: "Delivered",
        detail: delivered ? `Your order was delivered on ${delivered}.` : "Your order was delivered.",
        tone: "success",
        steps: stepsAt(3),
      };
    case "partially_refunded":
      return {
        ...base,
        headline: "Partially refunded",
        detail: `We refunded ${input.amountRefunded > 0 ? refunded : "part of your payment"} to your original payment method; the rest of your order goes ahead.`,
        tone: "warning",
        steps: stepsAt(stepFromShipments(shipments)),
      };
    case "refunded":
      return {
        ...base,
        headline: "Refunded",
        detail: `We refunded ${input.amountRefunded > 0 ? refunded : "your payment"} to your original payment method. It can take 5-10 business days to appear on your statement.`,
        tone: "warning",
        steps: [],
      };
    case "cancelled":
      return {
        ...base,
        headline: "Cancelled",
        detail:
          input.amountRefunded > 0
            ? `This order was cancelled and ${refunded} refunded to your original payment method.`
            : "This order was cancelled.",
        tone: "warning",
        steps: [],
      };
  }
}
