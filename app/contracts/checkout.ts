import { z } from "zod";
import { PLACEHOLDER_MARKER, purchasableItems } from "~/content/catalog";
import { brand } from "~/content/site";

/**
 * POST /api/hybrid-checkout: its body (JSON, or the buy button's form without JavaScript) and its
 * reply, shared by the route and the browser (lib/checkout-flow.ts). Strict: unknown fields are
 * refused. Messages read after the field's name (`"products[0].quantity" must be at most 10`).
 */

export const MAX_LINES = 10;
export const MAX_QUANTITY = 10;

const VARIANT_GID = /^gid:\/\/shopify\/ProductVariant\/\d+$/;

export const PRODUCT_NOT_CONFIGURED = `Product not configured - Create the ${brand.name} product in Shopify first.`;

/** A variant id, or a YOUR_ placeholder (answered "Product not configured" once the body is valid). */
const variantId = z
  .string()
  .max(255, { message: "must be at most 255 characters" })
  .refine((value) => value.includes(PLACEHOLDER_MARKER) || VARIANT_GID.test(value), {
    message: "must be a Shopify variant id like gid://shopify/ProductVariant/123",
  });

const quantity = z
  .number()
  .int()
  .min(1, { message: "must be at least 1" })
  .max(MAX_QUANTITY, { message: `must be at most ${MAX_QUANTITY}` });

export const hybridCheckoutInput = z.strictObject({
  products: z
    .array(z.strictObject({ shopifyVariantId: variantId, quantity }))
    .min(1, { message: "must list at least one product" })
    .max(MAX_LINES, { message: `must list at most ${MAX_LINES} products` }),
});
export type HybridCheckoutInput = z.infer<typeof hybridCheckoutInput>;
export type HybridCheckoutBody = z.input<typeof hybridCheckoutInput>;

/** The buy button without JavaScript: `item=<purchasable item>&quantity=<n>`. */
export const hybridCheckoutForm = z.strictObject({
  item: z.enum(purchasableItems, { message: `must be one of ${purchasableItems.join(", ")}` }),
  quantity: z
    .string()
    .regex(/^\d{1,2}$/, { message: "must be a whole number" })
    .transform(Number)
    .pipe(quantity)
    .default(1),
});

export function isPlaceholder(id: string): boolean {
  return id.includes(PLACEHOLDER_MARKER);
}

/** POST /api/hybrid-checkout (spec §7: success, checkoutUrl, error). */
export type HybridCheckoutResponse =
  | { success: true; checkoutUrl: string; sessionId: string }
  | { success: false; error: string };
