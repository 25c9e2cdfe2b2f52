import { expect } from "vitest";
import type { Emulators } from "./shop";

/** What the pages' runtime configuration says Shopify's offers are (decision 080). */
export type ShownOffers = Record<string, { price: string; compareAt: string | null }>;

/**
 * A variant of the seeded catalog changed through the Shopify emulator's Admin API, as the brand's staff
 * change a price in Shopify's admin. `item` is the catalog item as the sandbox's settings name it
 * (`ENHANCER`, `BUNDLE_3_MONTH`, …).
 */
export async function setVariantInShopify(
  emulators: Emulators,
  item: string,
  fields: { price?: string; compareAtPrice?: string | null },
): Promise<void> {
  const variantId = emulators.env[`CATALOG_${item}_VARIANT_ID`] as string;
  const found = await adminCall<{ productVariant: { product: { id: string } } }>(
    emulators,
    "query V($id: ID!) { productVariant(id: $id) { product { id } } }",
    { id: variantId },
  );
  const updated = await adminCall<{ productVariantsBulkUpdate: { userErrors: unknown[] } }>(
    emulators,
    "mutation U($productId: ID!, $variants: [ProductVariantsBulkInput!]!) { productVariantsBulkUpdate(productId: $productId, variants: $variants) { userErrors { message } } }",
    { productId: found.productVariant.product.id, variants: [{ id: variantId, ...fields }] },
  );
  expect(updated.productVariantsBulkUpdate.userErrors).toEqual([]);
}

async function adminCall<T>(
  emulators: Emulators,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const { shopify } = emulators;
  const response = await fetch(`${shopify.url}/admin/api/2026-10/graphql.json`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-shopify-access-token": shopify.adminToken },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** The offers a page's HTML carries in its runtime configuration (undefined when it carries none). */
export function runtimeOffersIn(html: string): ShownOffers | undefined {
  const json = /<script[^>]*id="forge-runtime-config"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error("the page carries no runtime configuration");
  return (JSON.parse(json) as { offers?: ShownOffers }).offers;
}
