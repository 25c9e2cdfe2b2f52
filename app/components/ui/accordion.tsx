import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { accordionMarkClass } from "./before-hydration";
import { BeforeHydrationScript, useAdoptedState } from "./before-hydration-script";
import { Icon } from "./icon";

export type AccordionItem = { title: string; content: ReactNode };

/**
 * The WAI-ARIA accordion pattern (spec §4: one item open at a time; the open one collapses on a
 * second press). Each header is a real button with aria-expanded and aria-controls; ArrowUp,
 * ArrowDown, Home and End move between headers. Panels stay in the HTML, hidden, so their text is
 * indexable and the FAQPage data matches the page. See docs/decisions/010-accordion-and-tabs.md.
 * Before hydration a small script of the server's HTML does the same (./before-hydration.ts); the
 * component adopts what it left open when it hydrates.
 */
export function Accordion({
  items,
  headingLevel = 3,
  className = "",
}: {
  items: readonly AccordionItem[];
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [open, setOpen] = useAdoptedState<number | null>(null, root, () => {
    const index = buttons.current.findIndex((button) => button?.getAttribute("aria-expanded") === "true");
    return index === -1 ? null : index;
  });
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target =
      event.key === "ArrowDown"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowUp"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <>
      <div
        ref={root}
        className={`divide-y divide-white/10 rounded-card border border-white/10 bg-ink-800/60 ${className}`}
      >
        {items.map((item, index) => {
          const expanded = open === index;
          const buttonId = `${baseId}-header-${index}`;
          const panelId = `${baseId}-panel-${index}`;
          return (
            <div key={item.title}>
              <Heading className="m-0">
                <button
                  ref={(element) => {
                    buttons.current[index] = element;
                  }}
                  type="button"
                  id={buttonId}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  // The script before hydration may have opened or closed it.
                  suppressHydrationWarning
                  onClick={() => setOpen(expanded ? null : index)}
                  onKeyDown={(event) => onKeyDown(event, index)}
                  className="group flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-bold text-white hover:text-ember-300 sm:px-6 sm:text-lg"
                >
                  <span>{item.title}</span>
                  {/* The button's last child: the script before hydration sets its class list too. */}
                  <span className={accordionMarkClass(expanded)} suppressHydrationWarning>
                    <Icon name="plus" className="size-4" />
                  </span>
                </button>
              </Heading>
              <section
                id={panelId}
                aria-labelledby={buttonId}
                hidden={!expanded}
                suppressHydrationWarning
                className="px-5 pb-6 text-base leading-relaxed text-ink-200 sm:px-6"
              >
                {item.content}
              </section>
            </div>
          );
        })}
      </div>
      <BeforeHydrationScript widget="accordion" />
    </>
  );
}
