import { Link, NavLink } from "react-router";
import { ButtonLink } from "~/components/ui/button-link";
import { brand, headerActions, headerLinks } from "~/content/site";
import { Logo } from "./logo";
import { SiteMenu, SiteMenuButton } from "./site-menu";

const inlineLinkClass = ({ isActive }: { isActive: boolean }) =>
  `relative px-2 py-2 text-sm font-bold whitespace-nowrap uppercase tracking-wide transition-colors xl:px-3 ${
    isActive
      ? "text-ember-400 after:absolute after:inset-x-2 xl:after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:rounded-full after:bg-ember-500"
      : "text-ink-200 hover:text-white"
  }`;

/**
 * The site header: logo, the spec's seven links inline from the `lg` breakpoint (1024 px), and the
 * Take Quiz and Shop Now buttons. Below `lg` the links live in the slide-in side menu.
 */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink-950/90 backdrop-blur supports-[backdrop-filter]:bg-ink-950/75">
      <div className="container-page flex h-16 items-center gap-3">
        <Link to="/" className="mr-auto rounded-md lg:mr-4" aria-label={`${brand.name} home`}>
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden lg:mr-auto lg:block">
          <ul className="flex items-center">
            {headerLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end prefetch="intent" className={inlineLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ButtonLink to={headerActions.quiz.to} variant="secondary" size="sm" className="max-sm:hidden">
          {headerActions.quiz.label}
        </ButtonLink>
        <ButtonLink to={headerActions.shop.to} size="sm" prefetch="intent">
          {headerActions.shop.label}
        </ButtonLink>
        <SiteMenuButton />
      </div>
      <SiteMenu />
    </header>
  );
}
