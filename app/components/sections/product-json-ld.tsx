import { JsonLd } from "~/components/ui/json-ld";
import { brand } from "~/content/site";
import { type RatingScope, useDocumentText } from "~/lib/document-text";
import { absoluteUrl } from "~/lib/seo";

/**
 * schema.org Product with its Offer (price, currency, availability), for a product page, and, with
 * `rating`, its aggregateRating from real buyers' published reviews only (decision 085: never the
 * sandbox's samples; none at all while there are none).
 */
export function ProductJsonLd({
  name,
  description,
  price,
  path,
  image,
  rating,
}: {
  name: string;
  description: string;
  /** Decimal amount as a string, e.g. "49.00". */
  price: string;
  path: string;
  image: string;
  rating?: RatingScope;
}) {
  const aggregateRating = useDocumentText(`rating-json:${rating ?? "all"}`);
  return (
    <JsonLd
      more={rating ? aggregateRating : ""}
      data={{
        "@context": "https://schema.org",
        "@type": "Product",
        name,
        description,
        image: absoluteUrl(image),
        brand: { "@type": "Brand", name: brand.name },
        offers: {
          "@type": "Offer",
          url: absoluteUrl(path),
          price: Number(price).toFixed(2),
          priceCurrency: "USD",
          availability: "https://schema.org/InStock",
          itemCondition: "https://schema.org/NewCondition",
        },
      }}
    />
  );
}
