/**
 * Every GraphQL document the app sends to Shopify. tests/unit/shopify-documents.test.ts validates each
 * against Shopify's real 2026-10 schemas (sandbox/shopify/schemas), so a field Shopify would reject
 * fails the build's tests, not a customer's request.
 */

export const storefrontDocuments = {
  productByHandle: /* GraphQL */ `
    query ProductByHandle($handle: String!) {
      product(handle: $handle) {
        id
        handle
        title
        description
        priceRange {
          minVariantPrice {
            amount
            currencyCode
          }
        }
      }
    }
  `,
  variantsByIds: /* GraphQL */ `
    query VariantsByIds($ids: [ID!]!) {
      nodes(ids: $ids) {
        __typename
        ... on ProductVariant {
          id
          title
          availableForSale
          price {
            amount
            currencyCode
          }
          compareAtPrice {
            amount
            currencyCode
          }
          product {
            title
          }
        }
      }
    }
  `,
  /** A variant's selling plans (decision 119): the allocations' prices, the plans, their groups' names. */
  variantSellingPlans: /* GraphQL */ `
    query VariantSellingPlans($id: ID!) {
      node(id: $id) {
        __typename
        ... on ProductVariant {
          id
          availableForSale
          price {
            amount
            currencyCode
          }
          product {
            sellingPlanGroups(first: 10) {
              nodes {
                name
                sellingPlans(first: 20) {
                  nodes {
                    id
                  }
                }
              }
            }
          }
          sellingPlanAllocations(first: 20) {
            nodes {
              checkoutChargeAmount {
                amount
                currencyCode
              }
              remainingBalanceChargeAmount {
                amount
                currencyCode
              }
              priceAdjustments {
                compareAtPrice {
                  amount
                  currencyCode
                }
                perDeliveryPrice {
                  amount
                  currencyCode
                }
                price {
                  amount
                  currencyCode
                }
              }
              sellingPlan {
                id
                name
                description
                recurringDeliveries
                billingPolicy {
                  __typename
                  ... on SellingPlanRecurringBillingPolicy {
                    interval
                    intervalCount
                  }
                }
                deliveryPolicy {
                  __typename
                  ... on SellingPlanRecurringDeliveryPolicy {
                    interval
                    intervalCount
                  }
                }
                priceAdjustments {
                  orderCount
                  adjustmentValue {
                    __typename
                    ... on SellingPlanPercentagePriceAdjustment {
                      adjustmentPercentage
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  `,
} as const;

export const adminDocuments = {
  shopCurrency: /* GraphQL */ `
    query ShopCurrency {
      shop {
        currencyCode
      }
    }
  `,
  productCreate: /* GraphQL */ `
    mutation ProductCreate($product: ProductCreateInput!) {
      productCreate(product: $product) {
        product {
          id
          handle
          variants(first: 1) {
            nodes {
              id
            }
          }
        }
        userErrors {
          field
          message
        }
      }
    }
  `,
  productVariantsBulkUpdate: /* GraphQL */ `
    mutation ProductVariantsBulkUpdate($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
      productVariantsBulkUpdate(productId: $productId, variants: $variants) {
        productVariants {
          id
          price
          sku
        }
        userErrors {
          field
          message
        }
      }
    }
  `,
  publishablePublish: /* GraphQL */ `
    mutation PublishablePublish($id: ID!, $input: [PublicationInput!]!) {
      publishablePublish(id: $id, input: $input) {
        userErrors {
          field
          message
        }
      }
    }
  `,
} as const;
