import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { BeforeHydrationScript, useAdoptedState } from "./before-hydration-script";

export type TabItem = { id: string; label: string; content: ReactNode };

/**
 * The WAI-ARIA tabs pattern with automatic activation: the first tab is selected by default;
 * ArrowLeft/ArrowRight move and select (wrapping), Home and End jump to the ends. Only the selected
 * tab is in the tab order; every panel stays in the HTML, hidden unless selected. Before hydration a
 * small script of the server's HTML does the same (./before-hydration.ts); the component adopts
 * the tab chosen there when it hydrates.
 */
export function Tabs({
  label,
  items,
  className = "",
}: {
  label: string;
  items: readonly TabItem[];
  className?: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const [selected, setSelected] = useAdoptedState(0, root, () =>
    Math.max(
      0,
      tabs.current.findIndex((tab) => tab?.getAttribute("aria-selected") === "true"),
    ),
  );
  const baseId = useId();

  const select = (index: number) => {
    setSelected(index);
    tabs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1;
    const keys: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <>
      <div ref={root} className={className}>
        <div
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
          // One row at every width: on a phone the tabs share it and a long label wraps inside its tab.
          className="flex gap-1 border-b border-white/10"
        >
          {items.map((item, index) => {
            const active = index === selected;
            return (
              <button
                key={item.id}
                ref={(element) => {
                  tabs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${item.id}`}
                aria-selected={active}
                aria-controls={`${baseId}-panel-${item.id}`}
                tabIndex={active ? 0 : -1}
                // The script before hydration may have moved the selection (and swapped the class lists).
                suppressHydrationWarning
                onClick={() => select(index)}
                className={`relative min-h-12 min-w-0 flex-1 px-2 text-xs leading-tight font-extrabold text-balance uppercase tracking-wide transition-colors sm:flex-none sm:shrink-0 sm:px-5 sm:text-sm ${
                  active
                    ? "text-ember-400 after:absolute after:inset-x-3 after:-bottom-px after:h-[3px] after:rounded-full after:bg-ember-500"
                    : "text-ink-200 hover:text-white"
                }`}
              >
                {item.label}
              </button>
            );
          })}
        </div>
        {items.map((item, index) => (
          <div
            key={item.id}
            role="tabpanel"
            id={`${baseId}-panel-${item.id}`}
            aria-labelledby={`${baseId}-tab-${item.id}`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes a panel focusable so keyboard users reach its content from the tab.
            tabIndex={0}
            hidden={index !== selected}
            suppressHydrationWarning
            className="pt-8 focus-visible:outline-offset-8"
          >
            {item.content}
          </div>
        ))}
      </div>
      <BeforeHydrationScript widget="tabs" />
    </>
  );
}
