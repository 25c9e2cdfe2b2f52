import type { ReactNode } from "react";

/** A section's eyebrow, H2 and lead, in one type scale. `id` names the H2 for aria-labelledby. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = "left",
  className = "",
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: "left" | "center";
  className?: string;
}) {
  const centered = align === "center";
  return (
    <div className={`${centered ? "mx-auto text-center" : ""} max-w-3xl ${className}`}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="heading-display mt-3 text-headline text-white">
        {title}
      </h2>
      {lead ? <p className="mt-5 text-lg leading-relaxed text-ink-200">{lead}</p> : null}
    </div>
  );
}
