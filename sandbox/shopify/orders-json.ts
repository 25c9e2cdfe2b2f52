import { executeSync, parse } from "graphql";
import { adminOrderRoot } from "./order-resolvers";
import { strictResolver } from "./resolvers";
import { loadShopifySchema } from "./schemas";
import type { ShopifyStore } from "./store";

/**
 * `GET /orders.json`: the emulated store's orders in the Admin API's Order shape, for tests. Read by
 * running this document against the real schema with the emulator's own resolvers, so the shape is
 * the one the Admin API answers, not a second description of it. The options orderCreate was sent
 * with (which Shopify does not show on an order) are added beside it as `options`.
 */

const money = "shopMoney { amount currencyCode }";

const ORDERS_DOCUMENT = parse(/* GraphQL */ `
  query SandboxOrders {
    orders(first: 250, reverse: true) {
      nodes {
        id
        name
        createdAt
        processedAt
        email
        note
        tags
        sourceName
        sourceIdentifier
        currencyCode
        displayFinancialStatus
        displayFulfillmentStatus
        cancelledAt
        cancelReason
        discountCodes
        lineItems(first: 250) {
          nodes {
            id
            title
            sku
            quantity
            unfulfilledQuantity
            variant { id }
            originalUnitPriceSet { ${money} }
          }
        }
        subtotalPriceSet { ${money} }
        totalDiscountsSet { ${money} }
        totalShippingPriceSet { ${money} }
        totalTaxSet { ${money} }
        totalPriceSet { ${money} }
        totalRefundedSet { ${money} }
        shippingLines(first: 5) { nodes { title originalPriceSet { ${money} } } }
        taxLines { title rate priceSet { ${money} } }
        transactions(first: 50) {
          id
          kind
          status
          gateway
          authorizationCode
          processedAt
          amountSet { ${money} }
          parentTransaction { id }
        }
        shippingAddress { firstName lastName name address1 address2 city provinceCode zip countryCodeV2 }
        fulfillments(first: 20) {
          id
          status
          displayStatus
          createdAt
          deliveredAt
          trackingInfo(first: 5) { company number url }
        }
        refunds(first: 50) { id note createdAt totalRefundedSet { ${money} } }
      }
    }
  }
`);

export function ordersJson(store: ShopifyStore): { orders: Record<string, unknown>[] } {
  const result = executeSync({
    schema: loadShopifySchema("admin"),
    document: ORDERS_DOCUMENT,
    rootValue: adminOrderRoot(store, "query"),
    fieldResolver: strictResolver,
  });
  if (result.errors?.length) throw new Error(result.errors.map((e) => e.message).join("; "));
  const nodes = (result.data as { orders: { nodes: Record<string, unknown>[] } }).orders.nodes;
  return {
    orders: nodes.map((node) => ({ ...node, options: store.orders.get(String(node.id))?.options ?? null })),
  };
}
