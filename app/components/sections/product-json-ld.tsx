import { JsonLd } from "~/components/ui/json-ld";
import type { ShownItem } from "~/content/pricing";
import { brand } from "~/content/site";
import { type RatingScope, useDocumentText } from "~/lib/document-text";
import { absoluteUrl } from "~/lib/seo";

/**
 * schema.org Product for a product page, with its Offer (price, currency, availability) only from
 * Shopify's live offer for `item`, the variant checkout charges (decision 091: never a default price;
 * no offer at all until the server holds one), and, with `rating`, its aggregateRating from real
 * buyers' published reviews only (decision 085: never the sandbox's samples; none while there are none).
 */
export function ProductJsonLd({
  name,
  description,
  item,
  path,
  image,
  rating,
}: {
  name: string;
  description: string;
  /** The item whose live offer is the Offer. */
  item: ShownItem;
  path: string;
  image: string;
  rating?: RatingScope;
}) {
  const aggregateRating = useDocumentText(`rating-json:${rating ?? "all"}`);
  const offers = useDocumentText(`offer-json:${item}`);
  return (
    <JsonLd
      more={`${offers}${rating ? aggregateRating : ""}`}
      data={{
        "@context": "https://schema.org",
        "@type": "Product",
        name,
        description,
        image: absoluteUrl(image),
        url: absoluteUrl(path),
        brand: { "@type": "Brand", name: brand.name },
      }}
    />
  );
}
