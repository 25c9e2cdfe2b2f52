import {
  GraphQLError,
  type GraphQLResolveInfo,
  getDirectiveValues,
  Kind,
  type OperationDefinitionNode,
} from "graphql";
import type { ShippingNotifier } from "./customer-mail";
import {
  cancelOrder,
  fulfillOrder,
  markDelivered,
  type RefundTransactionInput,
  refundOrder,
} from "./order-actions";
import { createOrder, type OrderCreateInput, type OrderCreateOptions } from "./order-create";
import { fulfillmentModel, matchesQuery, orderModel, refundModel } from "./order-models";
import { connection } from "./resolvers";
import type { ShopifyStore } from "./store";

/**
 * The Admin API's order fields: `order`, `orders` (query `source_identifier:"…"` and a few other
 * filters, first/after), `orderCreate` and `refundCreate` with `@idempotent(key:)`, `orderCancel`,
 * `fulfillmentCreate` (tracking info), `fulfillmentEventCreate` (DELIVERED). emulator.ts merges them
 * into the Admin root beside the product fields of resolvers.ts.
 */

type Model = Record<string, unknown>;
type Args = Record<string, unknown>;

/**
 * Mutations that honour `@idempotent` (emulator.ts refuses it elsewhere); refundCreate requires it since
 * 2026-04. The 2026-10 schema documents it on refundCreate but not on orderCreate, which the site keys
 * all the same (issue 16); should Shopify refuse it there, sourceIdentifier still finds a lost order.
 */
export const IDEMPOTENT_MUTATIONS: ReadonlySet<string> = new Set(["orderCreate", "refundCreate"]);
const REQUIRES_KEY = new Set(["refundCreate"]);

/**
 * The mutation field carrying `@idempotent` that does not support it, or null. Shopify honours the
 * directive only on the mutations whose documentation says so; elsewhere it is refused, not ignored.
 */
export function unsupportedIdempotency(operation: OperationDefinitionNode): string | null {
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const idempotent = selection.directives?.some((directive) => directive.name.value === "idempotent");
    if (idempotent && !IDEMPOTENT_MUTATIONS.has(selection.name.value)) return selection.name.value;
  }
  return null;
}

/** The key of the `@idempotent` directive on this mutation field, read from the operation's AST. */
export function idempotencyKey(info: GraphQLResolveInfo): string | null {
  const directive = info.schema.getDirective("idempotent");
  const node = info.fieldNodes[0];
  const values = directive && node ? getDirectiveValues(directive, node, info.variableValues) : undefined;
  const key = values?.key;
  if (key === undefined) {
    if (REQUIRES_KEY.has(info.fieldName))
      throw new GraphQLError(`${info.fieldName} requires an idempotency key: add @idempotent(key: "…").`, {
        extensions: { code: "BAD_REQUEST" },
      });
    return null;
  }
  if (typeof key !== "string" || key.trim() === "")
    throw new GraphQLError("The idempotency key cannot be blank.", { extensions: { code: "BAD_REQUEST" } });
  return key;
}

/** Runs `run` once per idempotency key: a retry with the same key gets the first answer again. */
function once<T>(store: ShopifyStore, info: GraphQLResolveInfo, run: () => T): T {
  const key = idempotencyKey(info);
  return key === null ? run() : store.orders.replay(info.fieldName, key, run);
}

export function adminOrderRoot(
  store: ShopifyStore,
  operation: "query" | "mutation",
  notifyShipping: ShippingNotifier = async () => {},
): Model {
  const model = (id: string | null | undefined) => {
    const order = id ? store.orders.get(id) : undefined;
    return order ? orderModel(store, order) : null;
  };

  if (operation === "query") {
    return {
      order: (args: Args) => model(String(args.id)),
      orders: (args: Args) => {
        const sortKey = (args.sortKey as string | null | undefined) ?? "PROCESSED_AT";
        if (args.savedSearchId || !["ID", "CREATED_AT", "PROCESSED_AT"].includes(sortKey))
          throw new GraphQLError("The Shopify emulator sorts orders by id, created or processed date only.", {
            extensions: { code: "NOT_EMULATED" },
          });
        const orders = store.orders.all().filter((order) => matchesQuery(order, args.query as string | null));
        // Created in id order; processedAt may be earlier (an imported order), so it sorts on its own.
        if (sortKey === "PROCESSED_AT")
          orders.sort((a, b) => a.processedAt.localeCompare(b.processedAt) || a.number - b.number);
        return connection(
          orders.map((order) => orderModel(store, order)),
          args,
          (order) => String(order.id),
        );
      },
    };
  }

  return {
    orderCreate: (args: Args, _context: unknown, info: GraphQLResolveInfo) => {
      const answer = once(store, info, () => {
        const outcome = createOrder(
          store,
          args.order as OrderCreateInput,
          args.options as OrderCreateOptions,
        );
        return "ok" in outcome ? { orderId: outcome.ok.id, userErrors: [] } : { orderId: null, ...outcome };
      });
      return { order: model(answer.orderId), userErrors: answer.userErrors };
    },

    refundCreate: (args: Args, _context: unknown, info: GraphQLResolveInfo) => {
      const input = args.input as Parameters<typeof refundOrder>[1] & {
        transactions?: RefundTransactionInput[];
      };
      const answer = once(store, info, () => {
        const outcome = refundOrder(store, input);
        if ("userErrors" in outcome) return { refundId: null, orderId: null, userErrors: outcome.userErrors };
        return { refundId: outcome.ok.refunds.at(-1)?.id ?? null, orderId: outcome.ok.id, userErrors: [] };
      });
      const order = answer.orderId ? store.orders.get(answer.orderId) : undefined;
      const refund = order?.refunds.find((r) => r.id === answer.refundId);
      return {
        refund: order && refund ? refundModel(order, refund) : null,
        order: order ? orderModel(store, order) : null,
        userErrors: answer.userErrors,
      };
    },

    orderCancel: (args: Args) => {
      if (
        args.refund === true ||
        (args.refundMethod as { originalPaymentMethodsRefund?: boolean } | null)?.originalPaymentMethodsRefund
      )
        throw new GraphQLError(
          "The Shopify emulator cancels without refunding only (refund it with refundCreate).",
          {
            extensions: { code: "NOT_EMULATED" },
          },
        );
      const outcome = cancelOrder(store, {
        orderId: String(args.orderId),
        reason: String(args.reason),
        restock: args.restock === true,
      });
      // Shopify cancels in a job; the emulator's job is done before it answers.
      return {
        job: { __typename: "Job", id: store.orders.nextId("Job"), done: true },
        orderCancelUserErrors: "userErrors" in outcome ? outcome.userErrors : [],
        userErrors: "userErrors" in outcome ? outcome.userErrors : [],
      };
    },

    fulfillmentCreate: (args: Args) => {
      const input = args.fulfillment as {
        lineItemsByFulfillmentOrder: {
          fulfillmentOrderId: string;
          fulfillmentOrderLineItems?: { id: string; quantity: number }[] | null;
        }[];
        notifyCustomer?: boolean | null;
        trackingInfo?: {
          company?: string | null;
          number?: string | null;
          numbers?: string[] | null;
          url?: string | null;
          urls?: string[] | null;
        } | null;
      };
      const groups = input.lineItemsByFulfillmentOrder;
      const order = store.orders.all().find((o) => o.fulfillmentOrderId === groups[0]?.fulfillmentOrderId);
      if (!order || groups.length !== 1) {
        return {
          fulfillment: null,
          userErrors: [
            {
              field: ["fulfillment", "lineItemsByFulfillmentOrder"],
              message: "Fulfillment order does not exist.",
            },
          ],
        };
      }
      const tracking = input.trackingInfo ?? {};
      const outcome = fulfillOrder(
        store,
        order,
        {
          company: tracking.company,
          number: tracking.number ?? tracking.numbers?.[0],
          url: tracking.url ?? tracking.urls?.[0],
        },
        groups[0]?.fulfillmentOrderLineItems,
      );
      if ("userErrors" in outcome) return { fulfillment: null, userErrors: outcome.userErrors };
      // As Shopify: the customer hears of it when the caller asks (FulfillmentInput.notifyCustomer).
      if (input.notifyCustomer) void notifyShipping(order, outcome.ok);
      return { fulfillment: fulfillmentModel(outcome.ok), userErrors: [] };
    },

    fulfillmentEventCreate: (args: Args) => {
      const input = args.fulfillmentEvent as {
        fulfillmentId: string;
        status: string;
        happenedAt?: string | null;
      };
      if (input.status !== "DELIVERED")
        throw new GraphQLError("The Shopify emulator records DELIVERED fulfillment events only.", {
          extensions: { code: "NOT_EMULATED" },
        });
      const order = store.orders.all().find((o) => o.fulfillments.some((f) => f.id === input.fulfillmentId));
      if (!order)
        return {
          fulfillmentEvent: null,
          userErrors: [
            { field: ["fulfillmentEvent", "fulfillmentId"], message: "Fulfillment does not exist" },
          ],
        };
      markDelivered(order, input.fulfillmentId);
      return {
        fulfillmentEvent: {
          __typename: "FulfillmentEvent",
          id: store.orders.nextId("Job").replace("Job", "FulfillmentEvent"),
          status: "DELIVERED",
          happenedAt: input.happenedAt ?? new Date().toISOString(),
        },
        userErrors: [],
      };
    },
  };
}
