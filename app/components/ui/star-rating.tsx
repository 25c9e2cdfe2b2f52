import { rating } from "~/content/product";
import { Icon } from "./icon";

/** The spec's claimed rating, 4.8/5 from 2,847 reviews, as stars and text. */
export function StarRating({ className = "" }: { className?: string }) {
  return (
    <p className={`flex items-center gap-2 text-sm font-semibold text-ink-100 ${className}`}>
      <span className="flex text-gold-400" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Icon key={i} name="star" className="size-4 fill-current" strokeWidth={1.5} />
        ))}
      </span>
      <span>{rating.label}</span>
    </p>
  );
}
