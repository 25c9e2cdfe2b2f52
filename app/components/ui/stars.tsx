import { useId } from "react";
import { STAR_SIZE, STARS_WIDTH, starFillWidth } from "~/lib/document-text";

/**
 * Five stars side by side as one path, a star per STAR_SIZE cell: one element to style and lay out
 * instead of five (decision 151). Each star's outline is relative to its first point except for two
 * absolute corners, which move with the cell's offset.
 */
const FIVE_STARS = [0, 1, 2, 3, 4]
  .map((index) => {
    const x = 12 + index * STAR_SIZE;
    return `M${x} 2.5l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L${x} 17.3l-5.8 3.1 1.1-6.5-4.7-4.6 6.5-.9Z`;
  })
  .join("");

/**
 * Five stars filled to `value` (0-5), partially for a fraction: 4.8 fills four stars and 80% of the
 * fifth, never five full ones. The gold ones sit in a nested SVG as wide as the fill, which clips what
 * it holds: a `width` attribute, not a style (the CSP allows no inline style). A page whose rating is a
 * text slot passes the slot's `fill` (0 to STARS_WIDTH) instead (decision 085). Decorative unless
 * `label` is given: the rating is always said in words too.
 */
export function Stars({
  value,
  fill,
  label,
  className = "h-5",
}: {
  value?: number;
  /** The filled width out of STARS_WIDTH, as a text slot gives it; wins over `value`. */
  fill?: string;
  /** The accessible name ("Rated 4 out of 5"); without it the stars are hidden from assistive technology. */
  label?: string;
  className?: string;
}) {
  const titleId = useId();
  const width = fill ?? String(starFillWidth(value ?? 0));
  const named = label
    ? ({ role: "img", "aria-labelledby": titleId } as const)
    : ({ "aria-hidden": true } as const);
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: named by its <title> when labelled, else hidden (`named`).
    <svg
      viewBox={`0 0 ${STARS_WIDTH} ${STAR_SIZE}`}
      className={`${className} w-auto shrink-0`}
      focusable="false"
      {...named}
    >
      {label ? <title id={titleId}>{label}</title> : null}
      <path d={FIVE_STARS} className="fill-ink-500" />
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: part of the drawing above, which carries the name. */}
      <svg width={width} height={STAR_SIZE} className="fill-gold-400">
        <path d={FIVE_STARS} />
      </svg>
    </svg>
  );
}
