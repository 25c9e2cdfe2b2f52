import type { ShippingAddress } from "~/contracts/order-view";

/** A US shipping address as Stripe collects it, for a buyer of the tests' choosing. */
export function austinAddress(name: string, line1 = "1 Main St"): ShippingAddress {
  return { name, line1, line2: null, city: "Austin", state: "TX", postalCode: "78701", country: "US" };
}
