import { JsonLd } from "~/components/ui/json-ld";
import { brand } from "~/content/site";
import type { PublicReview, ReviewSummary } from "~/contracts/reviews";
import { absoluteUrl } from "~/lib/seo";

/**
 * schema.org Product with `aggregateRating` and `review` items, for search engines: only from real
 * reviews (the server never passes sample ones), and nothing at all when there is none, so no rating
 * is ever claimed that reviews do not back (decision 084).
 */
export function ReviewsJsonLd({
  name,
  path,
  image,
  summary,
  reviews,
}: {
  name: string;
  /** The product's page. */
  path: string;
  image: string;
  summary: ReviewSummary;
  reviews: readonly PublicReview[];
}) {
  if (summary.count === 0 || summary.average === null) return null;
  const real = reviews.filter((review) => review.source !== "sample");
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "Product",
        name,
        url: absoluteUrl(path),
        image: absoluteUrl(image),
        brand: { "@type": "Brand", name: brand.name },
        aggregateRating: {
          "@type": "AggregateRating",
          ratingValue: summary.average.toFixed(1),
          bestRating: "5",
          worstRating: "1",
          reviewCount: summary.count,
        },
        review: real.map((review) => ({
          "@type": "Review",
          ...(review.title ? { name: review.title } : {}),
          reviewBody: review.body,
          datePublished: review.writtenAt.slice(0, 10),
          author: { "@type": "Person", name: review.displayName },
          reviewRating: {
            "@type": "Rating",
            ratingValue: String(review.rating),
            bestRating: "5",
            worstRating: "1",
          },
        })),
      }}
    />
  );
}
