import type { ReactNode } from "react";
import { Icon, type IconName } from "~/components/ui/icon";

/** A page whose whole point is one outcome: an icon, the H1, a line of text, and what to do next. */
export function StatusPanel({
  icon,
  tone,
  heading,
  children,
}: {
  icon: IconName;
  tone: "success" | "warning";
  heading: string;
  children: ReactNode;
}) {
  return (
    <section className="container-page flex min-h-[55vh] flex-col items-center justify-center py-20 text-center">
      <span
        className={`flex size-16 items-center justify-center rounded-full ${
          tone === "success" ? "bg-success-400/15 text-success-400" : "bg-ember-500/15 text-ember-400"
        }`}
      >
        <Icon name={icon} className="size-8" strokeWidth={2.5} />
      </span>
      <h1 className="heading-display mt-6 text-headline text-white">{heading}</h1>
      <div className="mt-4 max-w-lg text-lg leading-relaxed text-ink-200">{children}</div>
    </section>
  );
}
