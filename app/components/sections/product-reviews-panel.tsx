import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Stars } from "~/components/ui/star-rating";
import { enhancerPage } from "~/content/product";
import { moderationPolicy } from "~/content/reviews";
import { paths } from "~/content/site";
import { useDocumentText } from "~/lib/document-text";

/**
 * The Enhancer's Reviews tab (issue 18 item 4): its rating computed from published reviews (text slots,
 * decision 085), "4.8" large with stars drawn to match, or "No reviews yet" and no number; the
 * moderation policy in one sentence; a link to every review on /reviews.
 */
export function ProductReviewsPanel() {
  const score = useDocumentText("rating-score:enhancer");
  const label = useDocumentText("rating-label:enhancer");
  const fill = useDocumentText("rating-fill:enhancer");
  const hide = useDocumentText("rating-hide:enhancer");
  return (
    <div className="card flex flex-col items-start gap-4 p-6 sm:p-8">
      <p className={`text-6xl font-black text-white ${hide}`}>
        {score}
        <span className="text-2xl text-ink-300">/5</span>
      </p>
      <Stars fill={fill} className={`h-6 w-30 ${hide}`} />
      <p className="text-lg font-bold text-white">{label}</p>
      <p className="text-ink-200">{enhancerPage.reviews.text}</p>
      <p className="text-sm text-ink-300">{moderationPolicy}</p>
      <Link
        to={paths.reviews}
        className="inline-flex min-h-11 items-center gap-2 font-extrabold uppercase tracking-wide text-ember-400 hover:text-ember-300"
      >
        {enhancerPage.reviews.link}
        <Icon name="arrow" className="size-5" />
      </Link>
    </div>
  );
}
