import { useId } from "react";

const STAR = "m12 2.5 2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L12 17.3l-5.8 3.1 1.1-6.5-4.7-4.6 6.5-.9L12 2.5Z";
const STAR_WIDTH = 24;

/**
 * Five stars filled to `value` (0-5), partially for a fraction: 4.8 fills four stars and 80% of the
 * fifth. The fill is a clip path whose rectangle's `width` attribute is the fraction (an SVG attribute,
 * not a style: the CSP allows no inline style). Decorative unless `label` is given: the number is
 * always said in words next to it.
 */
export function Stars({
  value,
  label,
  className = "h-5",
}: {
  value: number;
  /** The accessible name ("Rated 4 out of 5"); without it the stars are hidden from assistive technology. */
  label?: string;
  className?: string;
}) {
  const clipId = useId();
  const titleId = useId();
  const filled = Math.min(5, Math.max(0, value)) * STAR_WIDTH;
  const width = 5 * STAR_WIDTH;
  const stars = [0, 1, 2, 3, 4].map((index) => (
    <path key={index} d={STAR} transform={`translate(${index * STAR_WIDTH} 0)`} />
  ));
  const body = (
    <>
      <defs>
        <clipPath id={clipId}>
          <rect x="0" y="0" width={filled.toFixed(2)} height={STAR_WIDTH} />
        </clipPath>
      </defs>
      <g className="fill-ink-500">{stars}</g>
      <g className="fill-gold-400" clipPath={`url(#${clipId})`}>
        {stars}
      </g>
    </>
  );
  const box = `0 0 ${width} ${STAR_WIDTH}`;
  const classes = `${className} w-auto shrink-0`;
  return label ? (
    <svg viewBox={box} className={classes} role="img" aria-labelledby={titleId} focusable="false">
      <title id={titleId}>{label}</title>
      {body}
    </svg>
  ) : (
    <svg viewBox={box} className={classes} aria-hidden="true" focusable="false">
      {body}
    </svg>
  );
}
