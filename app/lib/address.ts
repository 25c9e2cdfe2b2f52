import type { ShippingAddress } from "~/contracts/order-confirmation";

/** A shipping address as people write it, one line each: "Austin, TX 78701", "United States". */
export function addressLines(address: ShippingAddress | null | undefined): string[] {
  if (!address) return [];
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return [
    address.name,
    address.line1,
    address.line2,
    cityLine,
    address.country === "US" ? "United States" : address.country,
  ].filter((line): line is string => Boolean(line?.trim()));
}
