import type { PurchasableItem } from "~/content/catalog";
import { type Message, messages } from "~/content/messages";
import type { HybridCheckoutBody, HybridCheckoutResponse } from "~/contracts/checkout";
import { callFunction } from "./functions-client";
import { dismissToast, showToast, updateToast } from "./toast";
import { isConfiguredVariantId, resolveVariantId } from "./variant-ids";

/**
 * Which page family a checkout starts from: it picks the spec §8 messages the visitor sees.
 * home → "Error" / "Something went wrong"; product and kit → "Checkout Error"; test → the test page's.
 */
export type CheckoutFlow = "home" | "product" | "kit" | "test";

/** The configuration toast for an item whose variant id is missing or a placeholder (spec §5, §8). */
export function configurationMessage(flow: CheckoutFlow, item: PurchasableItem): Message {
  if (flow === "test" || item === "test_item") return messages.configuration.testProduct;
  if (flow === "product") return messages.configuration.product;
  return messages.configuration.variantIds;
}

function failureMessage(flow: CheckoutFlow, creationFailed: boolean): Message {
  if (flow === "home")
    return creationFailed ? messages.checkout.homeCreationFailed : messages.checkout.homeOtherFailure;
  return messages.checkout.productFailed;
}

let inFlight = false;

/**
 * The toast topic for "this item's variant id": the configuration error and the test page's
 * create-product result share it, so creating the product clears the error it answers.
 */
export function variantToastTopic(item: PurchasableItem): string {
  return `variant:${item}`;
}

/**
 * Starts a checkout from a click (spec §4): check the variant id, open the new tab inside the click
 * so popup blockers allow it, show "Processing...", create the checkout, then send the tab to the
 * hosted checkout or close it and show the page's error. A second click while one runs does nothing.
 * Returns whether a checkout was started.
 */
export function startCheckout(options: {
  item: PurchasableItem;
  flow: CheckoutFlow;
  quantity?: number;
}): boolean {
  if (inFlight) return false;
  const variantId = resolveVariantId(options.item);
  if (!isConfiguredVariantId(variantId)) {
    showToast({
      ...configurationMessage(options.flow, options.item),
      variant: "destructive",
      topic: variantToastTopic(options.item),
    });
    return false;
  }
  inFlight = true;
  // Must happen synchronously in the click handler: Safari blocks window.open after an await.
  const tab = openPendingTab();
  const progress = showToast({ ...messages.checkout.progress, variant: "progress" });

  void (async () => {
    let reply: HybridCheckoutResponse | null = null;
    try {
      ({ data: reply } = await callFunction<HybridCheckoutResponse>("hybrid-checkout", {
        products: [{ shopifyVariantId: variantId, quantity: options.quantity ?? 1 }],
      } satisfies HybridCheckoutBody));
    } catch {
      reply = null;
    }
    inFlight = false;
    // Spec §5: success only with success true and a checkoutUrl.
    if (reply?.success === true && typeof reply.checkoutUrl === "string" && reply.checkoutUrl) {
      dismissToast(progress);
      if (tab && !tab.closed) tab.location.href = reply.checkoutUrl;
      else window.location.assign(reply.checkoutUrl);
      return;
    }
    tab?.close();
    updateToast(progress, { ...failureMessage(options.flow, reply !== null), variant: "destructive" });
  })();
  return true;
}

function openPendingTab(): Window | null {
  const tab = window.open("", "_blank");
  if (!tab) return null;
  try {
    // Keep our handle but give the checkout page no way back into this one.
    tab.opener = null;
    tab.document.title = "Opening secure checkout…";
    tab.document.body.style.cssText =
      "margin:0;display:grid;place-items:center;min-height:100vh;background:#0d0f12;color:#e6e9ed;font:600 18px system-ui,sans-serif";
    tab.document.body.textContent = "Opening secure checkout…";
  } catch {
    // A browser that isolates the new tab still navigates it below.
  }
  return tab;
}
