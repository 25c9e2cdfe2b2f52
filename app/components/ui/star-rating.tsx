import { Link } from "react-router";
import { paths } from "~/content/site";
import { type RatingScope, STAR_SIZE, STARS_WIDTH, useDocumentText } from "~/lib/document-text";

const STAR_PATH = "m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3Z";

function FiveStars() {
  return [0, 1, 2, 3, 4].map((i) => (
    <path key={i} d={STAR_PATH} transform={`translate(${i * STAR_SIZE} 0)`} />
  ));
}

/**
 * Five stars filled to `fill` (0 to STARS_WIDTH: 4.8 stars is 115.2), drawn, not described: the text
 * beside them says the rating (the stars are hidden from assistive technology). The filled part is a
 * nested SVG of that width, which clips what it holds; no inline style, which the CSP refuses.
 */
export function Stars({ fill, className = "h-4 w-20" }: { fill: number | string; className?: string }) {
  return (
    <svg
      viewBox={`0 0 ${STARS_WIDTH} ${STAR_SIZE}`}
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <g className="fill-ink-700 stroke-ink-500" strokeWidth={1}>
        <FiveStars />
      </g>
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: inside an SVG hidden from assistive technology. */}
      <svg width={fill} height={STAR_SIZE} className="fill-gold-400 stroke-gold-400" strokeWidth={1}>
        <FiveStars />
      </svg>
    </svg>
  );
}

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
      <Stars fill={fill} className={`h-4 w-20 shrink-0 ${hide}`} />
      <Link
        to={paths.reviews}
        className="inline-flex min-h-6 items-center underline-offset-4 hover:text-white hover:underline"
      >
        {label}
      </Link>
    </p>
  );
}
