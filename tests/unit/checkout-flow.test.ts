import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { placeholderVariantIds } from "~/content/catalog";
import { messages } from "~/content/messages";
import { configurationMessage } from "~/lib/checkout-flow";
import { resetToasts, subscribeToasts, type Toast } from "~/lib/toast";
import { sandboxProducts } from "../../sandbox/shopify/seed";

const enhancerId = sandboxProducts[0].variantId;

/** A minimal browser: the runtime config element, local storage, window.open and fetch. */
function installBrowser(
  options: { variantIds?: Record<string, string>; storage?: Record<string, string> } = {},
) {
  const storage = new Map(Object.entries(options.storage ?? {}));
  const config = JSON.stringify({
    paymentsEmulated: true,
    variantIds: options.variantIds ?? { enhancer: enhancerId },
  });
  const tab = {
    closed: false,
    opener: {},
    location: { href: "" },
    close: vi.fn(),
    document: { title: "", body: { style: {}, textContent: "" } },
  };
  const open = vi.fn(() => tab);
  vi.stubGlobal("document", { getElementById: () => ({ textContent: config }) });
  vi.stubGlobal("window", {
    open,
    location: { assign: vi.fn() },
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
    },
  });
  return { open, tab };
}

let subscribe: typeof subscribeToasts = subscribeToasts;

/** A fresh flow module (its in-flight guard and the browser config it read) and its toast store. */
async function loadFlow() {
  vi.resetModules();
  const toastModule = await import("~/lib/toast");
  subscribe = toastModule.subscribeToasts;
  return import("~/lib/checkout-flow");
}

function toasts(): readonly Toast[] {
  let seen: readonly Toast[] = [];
  subscribe((t) => {
    seen = t;
  })();
  return seen;
}

describe("configurationMessage (spec §8)", () => {
  it("names the product for the Enhancer page, the IDs for home and kit, the test product for the test page", () => {
    expect(configurationMessage("product", "enhancer")).toEqual({
      title: "Product not configured",
      description: "Create the Forge product in Shopify first.",
    });
    expect(configurationMessage("product", "bundle_3_month")).toBe(messages.configuration.product);
    expect(configurationMessage("home", "enhancer")).toEqual({
      title: "Configuration needed",
      description: "Please update Shopify product variant IDs in the code.",
    });
    expect(configurationMessage("kit", "test_kit")).toBe(messages.configuration.variantIds);
    expect(configurationMessage("test", "test_item")).toEqual({
      title: "Configuration needed",
      description: "Create the Shopify test product first.",
    });
  });
});

describe("startCheckout", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetToasts();
  });

  it("blocks a placeholder id with the configuration toast and makes no call", async () => {
    const { open } = installBrowser({
      storage: { FORGE_ENHANCER_VARIANT_ID: placeholderVariantIds.enhancer },
    });
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const { startCheckout } = await loadFlow();
    expect(startCheckout({ item: "enhancer", flow: "product" })).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(toasts()[0]).toMatchObject({ title: "Product not configured", variant: "destructive" });
  });

  it("opens the tab inside the click, shows Processing..., then sends the tab to the checkout", async () => {
    const { open, tab } = installBrowser();
    let resolveFetch: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((r) => (resolveFetch = r)));
    vi.stubGlobal("fetch", fetch);
    const { startCheckout } = await loadFlow();
    expect(startCheckout({ item: "enhancer", flow: "home" })).toBe(true);
    // Synchronously: the tab is open and the progress toast shows before any reply.
    expect(open).toHaveBeenCalledTimes(1);
    expect(tab.opener).toBeNull();
    expect(toasts()[0]).toMatchObject({
      title: "Processing...",
      description: "Fetching product details and creating checkout...",
    });
    // A second click while the first runs starts nothing.
    expect(startCheckout({ item: "enhancer", flow: "home" })).toBe(false);
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toEqual({ products: [{ shopifyVariantId: enhancerId, quantity: 1 }] });
    resolveFetch(
      new Response(JSON.stringify({ success: true, checkoutUrl: "https://pay.example/cs_test_1" })),
    );
    await vi.waitFor(() => expect(tab.location.href).toBe("https://pay.example/cs_test_1"));
    expect(toasts()).toEqual([]);
  });

  it("uses the local-storage override for the Enhancer", async () => {
    installBrowser({ storage: { FORGE_ENHANCER_VARIANT_ID: "gid://shopify/ProductVariant/777" } });
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ success: true, checkoutUrl: "https://x" })),
    );
    vi.stubGlobal("fetch", fetch);
    const { startCheckout } = await loadFlow();
    startCheckout({ item: "enhancer", flow: "product" });
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body.products[0].shopifyVariantId).toBe("gid://shopify/ProductVariant/777");
  });

  it.each([
    ["home", { success: false, error: "Stripe is down" }, messages.checkout.homeCreationFailed],
    ["home", { success: true }, messages.checkout.homeCreationFailed],
    ["product", { success: false, error: "x" }, messages.checkout.productFailed],
    ["kit", { success: true, checkoutUrl: "" }, messages.checkout.productFailed],
  ] as const)(
    "on a %s failure reply %j closes the tab and shows the page's error",
    async (flow, reply, expected) => {
      const { tab } = installBrowser();
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => new Response(JSON.stringify(reply), { status: 502 })),
      );
      const { startCheckout } = await loadFlow();
      startCheckout({ item: "enhancer", flow });
      await vi.waitFor(() => expect(tab.close).toHaveBeenCalled());
      expect(toasts()[0]).toMatchObject({ ...expected, variant: "destructive" });
    },
  );

  it("on a network failure from home shows 'Something went wrong'", async () => {
    installBrowser();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const { startCheckout } = await loadFlow();
    startCheckout({ item: "enhancer", flow: "home" });
    await vi.waitFor(() => expect(toasts()[0]?.title).toBe("Error"));
    expect(toasts()[0]?.description).toBe("Something went wrong. Please try again.");
  });
});
