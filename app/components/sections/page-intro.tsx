import type { ReactNode } from "react";

/** A page's opening band: an optional eyebrow, the page's one H1, and an optional lead. */
export function PageIntro({
  eyebrow,
  heading,
  children,
}: {
  eyebrow?: string;
  heading: string;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden border-b border-white/10 bg-ink-950">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 h-80 w-[48rem] -translate-x-1/2 rounded-full bg-ember-500/20 blur-3xl"
      />
      <div className="container-page relative py-20 sm:py-28">
        {eyebrow ? (
          <p className="text-sm font-extrabold uppercase tracking-[0.2em] text-ember-400">{eyebrow}</p>
        ) : null}
        <h1 className="heading-display mt-3 max-w-4xl text-display text-white">{heading}</h1>
        {children ? (
          <div className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-200">{children}</div>
        ) : null}
      </div>
    </section>
  );
}
