import {
  PLACEHOLDER_MARKER,
  type PurchasableItem,
  placeholderVariantIds,
  variantOverrideKeys,
} from "~/content/catalog";
import { readBrowserConfig } from "./document-runtime";

/**
 * The Shopify variant id a buy button checks out (spec §3): a local-storage override where the spec
 * allows one, else the id the server configured. The test item lives only in local storage.
 */
export function resolveVariantId(item: PurchasableItem): string {
  const key = variantOverrideKeys[item];
  const override = key ? readLocalStorage(key) : null;
  if (override) return override;
  if (item === "test_item") return placeholderVariantIds.test_item;
  return readBrowserConfig().variantIds[item] ?? placeholderVariantIds[item];
}

/** Spec §5: a variant id must be set and must not be a placeholder (containing YOUR_). */
export function isConfiguredVariantId(id: string | null | undefined): id is string {
  return typeof id === "string" && id.trim() !== "" && !id.includes(PLACEHOLDER_MARKER);
}

export function saveTestProductVariantId(id: string): void {
  const key = variantOverrideKeys.test_item;
  if (key) window.localStorage.setItem(key, id);
}

function readLocalStorage(key: string): string | null {
  try {
    const value = window.localStorage.getItem(key);
    return value?.trim() ? value.trim() : null;
  } catch {
    // Storage can be disabled (privacy modes): behave as if nothing was saved.
    return null;
  }
}
