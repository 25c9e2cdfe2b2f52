import { createContext, useContext } from "react";
import { type PurchasableItem, placeholderVariantIds } from "~/content/catalog";
import type { ShownOffers } from "~/content/pricing";
import type { ShownRatings } from "~/contracts/reviews";

/**
 * What the server decides per request and the document carries to the browser: the CSP nonce
 * and the public (never secret) runtime configuration. Prerendered pages are built with
 * placeholders that the server replaces as it sends them
 * (docs/decisions/002-prerendered-pages-and-csp-nonce.md).
 */
export type PublicRuntimeConfig = {
  /** Payments go to the local Stripe emulator: the page shows the sandbox ribbon. */
  paymentsEmulated: boolean;
  /**
   * Each purchasable item's Shopify variant id (public identifiers), as the server configured them
   * (app/server/shopify/catalog-config.server.ts). The test item is always its placeholder: the test page
   * creates it and keeps its id in local storage.
   */
  variantIds: Record<PurchasableItem, string>;
  /**
   * The configured items' prices from Shopify, as the server's offer cache holds them when it sends the
   * page (decision 080); absent until Shopify has answered. Pages show their defaults without them.
   */
  offers?: ShownOffers;
  /**
   * The ratings computed from published reviews when the server sent the page (decision 085); absent
   * until the database has answered once. Pages then state no rating at all, never a default one.
   */
  ratings?: ShownRatings;
};

export type DocumentRuntime = {
  nonce: string;
  config: PublicRuntimeConfig;
};

export const PRERENDER_NONCE = "forge-prerender-nonce";
export const CONFIG_ELEMENT_ID = "forge-runtime-config";
/** JSON text that stands in for the configuration in prerendered HTML. */
export const CONFIG_PLACEHOLDER = '"__FORGE_RUNTIME_CONFIG__"';
export const SANDBOX_ATTRIBUTE = "data-sandbox-payments";
/** Text that stands in for the footer sign-up's status message in prerendered HTML. */
export const NEWSLETTER_STATUS_PLACEHOLDER = "__FORGE_NEWSLETTER_STATUS__";

const DEFAULT_CONFIG: PublicRuntimeConfig = { paymentsEmulated: false, variantIds: placeholderVariantIds };

export const DocumentRuntimeContext = createContext<DocumentRuntime | null>(null);

/** JSON safe to place inside a <script> element. */
export function serializeConfig(config: PublicRuntimeConfig): string {
  return JSON.stringify(config).replace(/</g, "\\u003c");
}

let browserConfig: PublicRuntimeConfig | undefined;

/** The public runtime configuration: from the request on the server, from the document in the browser. */
export function readBrowserConfig(): PublicRuntimeConfig {
  if (browserConfig) return browserConfig;
  const text =
    typeof document === "undefined" ? null : document.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  let config = DEFAULT_CONFIG;
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (parsed && typeof parsed === "object") config = { ...DEFAULT_CONFIG, ...parsed };
  } catch {
    // A malformed document keeps the defaults.
  }
  browserConfig = config;
  return config;
}

export type DocumentValues = {
  /** Nonce for inline scripts; undefined in the browser, where browsers hide it anyway. */
  nonce: string | undefined;
  /** The text of the configuration <script>. */
  configText: string;
  config: PublicRuntimeConfig;
  prerendering: boolean;
};

export function useDocumentValues(): DocumentValues {
  const runtime = useContext(DocumentRuntimeContext);
  if (runtime) {
    const prerendering = runtime.nonce === PRERENDER_NONCE;
    return {
      nonce: runtime.nonce,
      configText: prerendering ? CONFIG_PLACEHOLDER : serializeConfig(runtime.config),
      config: runtime.config,
      prerendering,
    };
  }
  const config = readBrowserConfig();
  return { nonce: undefined, configText: serializeConfig(config), config, prerendering: false };
}

export const prerenderRuntime: DocumentRuntime = { nonce: PRERENDER_NONCE, config: DEFAULT_CONFIG };
