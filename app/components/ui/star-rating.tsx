import { Link } from "react-router";
import { Stars } from "~/components/ui/stars";
import { paths } from "~/content/site";
import { type RatingScope, useDocumentText } from "~/lib/document-text";

/**
 * The rating computed from published reviews (issue 18, decision 085): "4.8/5 from 2,847 reviews" with
 * stars drawn to match, or "No reviews yet" and no stars. Text slots: prerendered pages carry tokens the
 * server fills as it sends them, and the browser computes the same text (app/lib/document-text.ts).
 * The words link to every review, on /reviews.
 */
export function StarRating({ scope, className = "" }: { scope: RatingScope; className?: string }) {
  const label = useDocumentText(`rating-label:${scope}`);
  const fill = useDocumentText(`rating-fill:${scope}`);
  const hide = useDocumentText(`rating-hide:${scope}`);
  return (
    <p className={`flex items-center gap-2 text-sm font-semibold text-ink-100 ${className}`}>
      <Stars fill={fill} className={`h-4 ${hide}`} />
      <Link
        to={paths.reviews}
        className="inline-flex min-h-6 items-center underline-offset-4 hover:text-white hover:underline"
      >
        {label}
      </Link>
    </p>
  );
}
