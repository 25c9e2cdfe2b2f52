import { Icon } from "~/components/ui/icon";
import { trustBadges } from "~/content/home";
import { type RatingScope, useDocumentText } from "~/lib/document-text";

/** The rating computed from published reviews, as a text slot (decision 085). */
function RatingLabel({ scope }: { scope: RatingScope }) {
  return <>{useDocumentText(`rating-label:${scope}`)}</>;
}

/** The four trust badges: guarantee, free shipping, rating, dispatch time. */
export function TrustBadges({ className = "" }: { className?: string }) {
  return (
    <section aria-label="Why buy from Forge" className={`border-y border-white/10 bg-ink-950 ${className}`}>
      <ul className="container-page grid grid-cols-2 gap-x-4 gap-y-5 py-7 lg:grid-cols-4">
        {trustBadges.map((badge) => (
          <li
            key={badge.icon}
            className="flex items-center gap-3 text-sm font-bold text-ink-100 sm:text-base"
          >
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-ember-500/15 text-ember-400">
              <Icon name={badge.icon} className="size-5" />
            </span>
            {typeof badge.label === "string" ? badge.label : <RatingLabel scope={badge.label.rating} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
