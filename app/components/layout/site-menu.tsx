import { useEffect, useRef } from "react";
import { NavLink } from "react-router";
import { ButtonLink } from "~/components/ui/button-link";
import { headerActions, headerLinks } from "~/content/site";

export const SITE_MENU_ID = "site-menu";
const MENU_BUTTON_ID = "site-menu-button";

/**
 * The small-screen side menu. It is a native popover, so without JavaScript the menu button still
 * opens it, and Escape and a click outside still close it. With JavaScript, focus moves into it and
 * back to the menu button, Tab stays inside it, and choosing a link closes it
 * (docs/decisions/005-side-menu-popover.md).
 */
export function SiteMenuButton() {
  return (
    <button
      id={MENU_BUTTON_ID}
      type="button"
      popoverTarget={SITE_MENU_ID}
      aria-controls={SITE_MENU_ID}
      className="-mr-2 inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-ink-700 lg:hidden"
    >
      <span className="sr-only">Menu</span>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor">
        <path d="M4 7h16M4 12h16M4 17h16" strokeWidth="2.25" strokeLinecap="round" />
      </svg>
    </button>
  );
}

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-12 items-center rounded-xl px-4 text-lg font-extrabold uppercase tracking-wide ${
    isActive ? "bg-ember-500/15 text-ember-400" : "text-ink-100 hover:bg-ink-700"
  }`;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function SiteMenu() {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const menuButton = document.getElementById(MENU_BUTTON_ID);

    const onToggle = (event: Event) => {
      const { newState } = event as ToggleEvent;
      if (newState === "open") {
        panel.querySelector<HTMLElement>("[data-autofocus]")?.focus();
      } else if (
        !document.activeElement ||
        document.activeElement === document.body ||
        panel.contains(document.activeElement)
      ) {
        menuButton?.focus();
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const focusables = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element).closest("a[href]")) panel.hidePopover();
    };
    // Wider than the header's inline breakpoint, the menu has no reason to stay open.
    const wide = window.matchMedia("(min-width: 64rem)");
    const onWide = () => {
      if (wide.matches && panel.matches(":popover-open")) panel.hidePopover();
    };

    panel.addEventListener("toggle", onToggle);
    panel.addEventListener("keydown", onKeyDown);
    panel.addEventListener("click", onClick);
    wide.addEventListener("change", onWide);
    return () => {
      panel.removeEventListener("toggle", onToggle);
      panel.removeEventListener("keydown", onKeyDown);
      panel.removeEventListener("click", onClick);
      wide.removeEventListener("change", onWide);
    };
  }, []);

  return (
    <div
      ref={panelRef}
      id={SITE_MENU_ID}
      popover="auto"
      role="dialog"
      aria-modal="true"
      aria-labelledby="site-menu-title"
      className="site-menu bg-ink-900 text-ink-100"
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 items-center justify-between border-b border-white/10 px-5">
          <h2 id="site-menu-title" className="text-sm font-extrabold uppercase tracking-[0.2em] text-ink-300">
            Menu
          </h2>
          <button
            type="button"
            popoverTarget={SITE_MENU_ID}
            popoverTargetAction="hide"
            data-autofocus
            className="-mr-2 inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-ink-700"
          >
            <span className="sr-only">Close menu</span>
            <svg
              viewBox="0 0 24 24"
              width="24"
              height="24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
            >
              <path d="M6 6l12 12M18 6L6 18" strokeWidth="2.25" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <nav aria-label="Menu" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {headerLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={menuLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-3 border-t border-white/10 p-5">
          <ButtonLink to={headerActions.quiz.to} variant="secondary">
            {headerActions.quiz.label}
          </ButtonLink>
          <ButtonLink to={headerActions.shop.to}>{headerActions.shop.label}</ButtonLink>
        </div>
      </div>
    </div>
  );
}
