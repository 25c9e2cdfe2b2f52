/**
 * The Admin API documents of the order sync and the order page (orders.server.ts). Like
 * documents.server.ts, each is validated against Shopify's real 2026-10 Admin schema by
 * tests/unit/shopify-order-reshape.test.ts, and the emulator executes them against the same schema.
 *
 * `@idempotent(key:)` sits on the mutation field: Shopify keeps the key's first answer and returns it
 * for a retry with the same key, so a call whose answer was lost can be sent again safely.
 */

const moneyBag = /* GraphQL */ `
  shopMoney {
    amount
    currencyCode
  }
`;

export const orderDocuments = {
  ordersBySourceIdentifier: /* GraphQL */ `
    query OrdersBySourceIdentifier($query: String!) {
      orders(first: 1, query: $query) {
        nodes {
          id
          name
          sourceIdentifier
        }
      }
    }
  `,
  orderCreate: /* GraphQL */ `
    mutation OrderCreate($key: String!, $order: OrderCreateOrderInput!, $options: OrderCreateOptionsInput) {
      orderCreate(order: $order, options: $options) @idempotent(key: $key) {
        order {
          id
          name
        }
        userErrors {
          field
          message
          code
        }
      }
    }
  `,
  orderStatus: /* GraphQL */ `
    query OrderStatus($id: ID!) {
      order(id: $id) {
        id
        name
        displayFinancialStatus
        displayFulfillmentStatus
        cancelledAt
        fulfillments(first: 20) {
          status
          displayStatus
          createdAt
          deliveredAt
          trackingInfo(first: 5) {
            company
            number
            url
          }
        }
      }
    }
  `,
  orderPayment: /* GraphQL */ `
    query OrderPayment($id: ID!) {
      order(id: $id) {
        id
        currencyCode
        transactions(first: 50) {
          id
          kind
          status
          gateway
          amountSet {
            ${moneyBag}
          }
        }
      }
    }
  `,
  refundCreate: /* GraphQL */ `
    mutation RefundCreate($key: String!, $input: RefundInput!) {
      refundCreate(input: $input) @idempotent(key: $key) {
        refund {
          id
          totalRefundedSet {
            ${moneyBag}
          }
        }
        userErrors {
          field
          message
        }
      }
    }
  `,
  orderCancellation: /* GraphQL */ `
    query OrderCancellation($id: ID!) {
      order(id: $id) {
        id
        cancelledAt
      }
    }
  `,
  orderCancel: /* GraphQL */ `
    mutation OrderCancel($orderId: ID!, $reason: OrderCancelReason!, $staffNote: String) {
      orderCancel(
        orderId: $orderId
        reason: $reason
        restock: true
        notifyCustomer: false
        refundMethod: { originalPaymentMethodsRefund: false }
        staffNote: $staffNote
      ) {
        job {
          id
          done
        }
        orderCancelUserErrors {
          field
          message
          code
        }
      }
    }
  `,
} as const;
