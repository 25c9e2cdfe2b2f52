import { brand } from "~/content/site";
import type { CreateProductBody, CreateProductResponse } from "~/contracts/catalog";
import { callFunction, FunctionCallError } from "./functions-client";

/** What the developer test page asks Shopify to create (spec §7: a 50-cent item in USD). */
export function testProductInput(now = Date.now()): CreateProductBody {
  return {
    title: `${brand.name} Test Product`,
    handle: `${brand.slug}-test-product-${now.toString(36)}`,
    price: 0.5,
    currency: "USD",
    sku: `${brand.slug.toUpperCase()}-TEST-050`,
    descriptionHtml: "<p>A 50-cent item for testing the checkout end to end. Not for sale.</p>",
  };
}

export type CreateTestProductResult =
  | { kind: "created"; variantId: string }
  | { kind: "token-required"; error: string }
  | { kind: "failed"; error: string };

/** The admin token is kept for this tab only (session storage), never in local storage or a cookie. */
export const ADMIN_TOKEN_SESSION_KEY = `${brand.slug}:admin-api-token`;

export async function createTestProduct(adminToken: string | null): Promise<CreateTestProductResult> {
  try {
    const { status, data } = await callFunction<CreateProductResponse>(
      "shopify-create-product",
      testProductInput(),
      adminToken ? { headers: { Authorization: `Bearer ${adminToken}` } } : {},
    );
    // Read field by field: what answered may not be the function (a proxy's error page, a 429).
    if (status === 200 && "variantId" in data && typeof data.variantId === "string" && data.variantId) {
      return { kind: "created", variantId: data.variantId };
    }
    const error = "error" in data && typeof data.error === "string" ? data.error : `HTTP ${status}`;
    return status === 401 || status === 403 ? { kind: "token-required", error } : { kind: "failed", error };
  } catch (error) {
    return { kind: "failed", error: error instanceof FunctionCallError ? error.message : "Network error" };
  }
}
