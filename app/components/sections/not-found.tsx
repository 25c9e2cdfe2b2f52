import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { ButtonLink } from "~/components/ui/button-link";

export const NOT_FOUND_TITLE = "Oops! Page not found";

/** The 404 page (spec §2): its title, a link home, and the unknown path logged once to the console. */
export function NotFound() {
  const { pathname } = useLocation();
  const logged = useRef<string | null>(null);
  useEffect(() => {
    if (logged.current === pathname) return;
    logged.current = pathname;
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <p
        className="heading-display text-[clamp(6rem,20vw,12rem)] leading-none text-ember-500"
        aria-hidden="true"
      >
        404
      </p>
      <h1 className="heading-display mt-2 text-headline text-white">{NOT_FOUND_TITLE}</h1>
      <p className="mt-4 max-w-md text-lg text-ink-200">
        The page you are looking for does not exist or has moved.
      </p>
      <ButtonLink to="/" size="lg" className="mt-10">
        Return to Home
      </ButtonLink>
    </section>
  );
}
