/**
 * How an order line is named wherever a person reads it: on Stripe's hosted checkout, on the
 * payment-success page and in the confirmation e-mail. A variant title is added only when the product
 * has one worth showing (checkout records "Default Title" as none). Pure (app/shared, decision 096).
 */
export function orderLineName(line: { productTitle: string; variantTitle: string | null }): string {
  return line.variantTitle ? `${line.productTitle} (${line.variantTitle})` : line.productTitle;
}
