import type { Env } from "~/server/runtime/env.server";
import type { Logger } from "~/server/runtime/logger.server";
import { shopifyEndpoints } from "./catalog.server";
import { createShopifyGraphQL, ShopifyError, type ShopifyGraphQL } from "./graphql-client.server";
import { orderDocuments } from "./order-documents.server";
import {
  describeOrderUserErrors,
  orderCancelData,
  orderCancellationData,
  orderCreateData,
  orderCreateVariables,
  orderPaymentData,
  orderStatusData,
  ordersBySourceIdentifierData,
  refundCreateData,
  reshapeFoundOrder,
  reshapeOrderStatus,
  sourceIdentifierQuery,
  toDecimal,
} from "./order-reshape.server";
import { ShopifyOrderRejectedError, type ShopifyOrders } from "./order-types";

export type { ShopifyOrders } from "./order-types";
export { ShopifyOrderRejectedError } from "./order-types";

export type ShopifyOrdersOptions = {
  /** SHOPIFY_API_URL or SHOPIFY_STORE_DOMAIN, SHOPIFY_API_VERSION, SHOPIFY_ADMIN_TOKEN, SHOPIFY_TIMEOUT_MS. */
  env: Pick<
    Env,
    | "SHOPIFY_API_URL"
    | "SHOPIFY_STORE_DOMAIN"
    | "SHOPIFY_API_VERSION"
    | "SHOPIFY_ADMIN_TOKEN"
    | "SHOPIFY_TIMEOUT_MS"
  >;
  logger: Logger;
  fetch?: typeof fetch;
  /** Retries inside one call (429, 5xx, THROTTLED, refused connections); default 2. The sync's own backoff does the rest. */
  maxRetries?: number;
};

/**
 * The Admin API order calls (./order-types.ts says what each promises). Built on the same GraphQL
 * client as the catalog: Shopify unreachable, throttled or refusing the token throws ShopifyError
 * (worth retrying later); userErrors throw ShopifyOrderRejectedError (the same call cannot succeed).
 */
export function createShopifyOrders({
  env,
  logger,
  fetch: fetchImpl,
  maxRetries,
}: ShopifyOrdersOptions): ShopifyOrders {
  const endpoints = shopifyEndpoints(env);
  const admin: ShopifyGraphQL | undefined =
    endpoints && env.SHOPIFY_ADMIN_TOKEN
      ? createShopifyGraphQL({
          api: "admin",
          url: endpoints.admin,
          headers: { "X-Shopify-Access-Token": env.SHOPIFY_ADMIN_TOKEN },
          timeoutMs: env.SHOPIFY_TIMEOUT_MS,
          maxRetries,
          logger,
          fetch: fetchImpl,
        })
      : undefined;
  const client = () => {
    if (!admin) throw new ShopifyError("unauthorized", "The Shopify Admin API token is not configured.");
    return admin;
  };

  return {
    async findBySourceIdentifier(sourceIdentifier) {
      const data = await client().request(orderDocuments.ordersBySourceIdentifier, {
        variables: { query: sourceIdentifierQuery(sourceIdentifier) },
        schema: ordersBySourceIdentifierData,
      });
      return reshapeFoundOrder(data.orders.nodes, sourceIdentifier);
    },

    async create(input) {
      const data = await client().request(orderDocuments.orderCreate, {
        variables: orderCreateVariables(input),
        schema: orderCreateData,
      });
      const { order, userErrors } = data.orderCreate;
      if (userErrors.length > 0 || !order) {
        throw new ShopifyOrderRejectedError(
          `Shopify did not create the order for ${input.sourceIdentifier}: ${describeOrderUserErrors(userErrors) || "no order returned"}`,
          userErrors.map((e) => ({ field: e.field ?? null, message: e.message, code: e.code ?? null })),
        );
      }
      logger.info(
        { shopifyOrderId: order.id, name: order.name, source: input.sourceIdentifier },
        "shopify order created",
      );
      return { id: order.id, name: order.name };
    },

    async status(orderId) {
      const data = await client().request(orderDocuments.orderStatus, {
        variables: { id: orderId },
        schema: orderStatusData,
      });
      return data.order ? reshapeOrderStatus(data.order) : null;
    },

    async refund(input) {
      // The refund is a REFUND transaction against the payment: its parent is the order's SALE.
      const payment = await client().request(orderDocuments.orderPayment, {
        variables: { id: input.orderId },
        schema: orderPaymentData,
      });
      if (!payment.order) {
        throw new ShopifyOrderRejectedError(`Shopify has no order ${input.orderId} to refund.`, []);
      }
      const sale = payment.order.transactions.find(
        (t) => (t.kind === "SALE" || t.kind === "CAPTURE") && t.status === "SUCCESS",
      );
      if (!sale) {
        throw new ShopifyOrderRejectedError(
          `Shopify order ${input.orderId} has no successful payment to refund.`,
          [],
        );
      }
      const currency = input.currency.toUpperCase();
      const data = await client().request(orderDocuments.refundCreate, {
        variables: {
          key: input.idempotencyKey,
          input: {
            orderId: input.orderId,
            currency,
            note: input.note,
            notify: false,
            transactions: [
              {
                orderId: input.orderId,
                parentId: sale.id,
                kind: "REFUND",
                gateway: sale.gateway ?? "stripe",
                amount: toDecimal(input.amount, currency),
              },
            ],
          },
        },
        schema: refundCreateData,
      });
      const { refund, userErrors } = data.refundCreate;
      if (userErrors.length > 0 || !refund) {
        throw new ShopifyOrderRejectedError(
          `Shopify did not refund order ${input.orderId}: ${describeOrderUserErrors(userErrors) || "no refund returned"}`,
          userErrors.map((e) => ({ field: e.field ?? null, message: e.message, code: e.code ?? null })),
        );
      }
      logger.info(
        { shopifyOrderId: input.orderId, refundId: refund.id, amount: input.amount },
        "shopify refund created",
      );
      return { refundId: refund.id };
    },

    async cancel({ orderId }) {
      // orderCancel takes no idempotency key: an order already cancelled is the success a retry looks for.
      const cancelledAt = async () => {
        const data = await client().request(orderDocuments.orderCancellation, {
          variables: { id: orderId },
          schema: orderCancellationData,
        });
        if (!data.order)
          throw new ShopifyOrderRejectedError(`Shopify has no order ${orderId} to cancel.`, []);
        return data.order.cancelledAt;
      };
      if (await cancelledAt()) return;
      const data = await client().request(orderDocuments.orderCancel, {
        variables: { orderId, reason: "CUSTOMER", staffNote: "Refunded in Stripe before it shipped." },
        schema: orderCancelData,
      });
      const errors = data.orderCancel.orderCancelUserErrors;
      if (errors.length > 0) {
        // Two workers may race: the other's cancel is this one's success.
        if (await cancelledAt()) return;
        throw new ShopifyOrderRejectedError(
          `Shopify did not cancel order ${orderId}: ${describeOrderUserErrors(errors)}`,
          errors.map((e) => ({ field: e.field ?? null, message: e.message, code: e.code ?? null })),
        );
      }
      logger.info({ shopifyOrderId: orderId }, "shopify order cancelled");
    },
  };
}
