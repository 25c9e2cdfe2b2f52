import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button-link";

/** The back office's sections, and how many reviews wait for a person (so no queue is left unattended). */
export type AdminNav = {
  current: "orders" | "subscriptions" | "reviews" | "kits" | "quiz";
  heldReviews: number;
};

const sections = [
  { key: "orders", to: "/admin/orders", label: "Orders" },
  { key: "subscriptions", to: "/admin/subscriptions", label: "Subscriptions" },
  { key: "reviews", to: "/admin/reviews", label: "Reviews" },
  { key: "kits", to: "/admin/kits", label: "Kits" },
  { key: "quiz", to: "/admin/quiz", label: "Quiz" },
] as const;

function AdminSections({ nav }: { nav: AdminNav }) {
  return (
    <nav aria-label="Back office" className="container-page">
      <ul className="flex gap-1 overflow-x-auto">
        {sections.map((section) => {
          const current = nav.current === section.key;
          return (
            <li key={section.key}>
              <Link
                to={section.to}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-12 items-center gap-2 border-b-4 px-4 font-extrabold ${
                  current
                    ? "border-ember-400 text-white"
                    : "border-transparent text-ink-200 hover:border-ink-400 hover:text-white"
                }`}
              >
                {section.label}
                {section.key === "reviews" && nav.heldReviews > 0 ? (
                  <span
                    data-testid="held-reviews-count"
                    className="rounded-full bg-ember-500 px-2 py-0.5 text-xs font-extrabold text-ink-950"
                  >
                    {`${nav.heldReviews} held`}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Every back-office page: its band (who is signed in, sign out, the sections) and the page's one H1. */
export function AdminFrame({
  heading,
  signedInAs,
  nav,
  children,
}: {
  heading: string;
  signedInAs?: string;
  nav?: AdminNav;
  children: ReactNode;
}) {
  return (
    <>
      <section className="border-b border-white/10 bg-ink-950">
        <div className="container-page flex flex-wrap items-end justify-between gap-4 py-10">
          <div>
            <p className="text-sm font-extrabold uppercase tracking-[0.2em] text-ember-400">Back office</p>
            <h1 className="heading-display mt-2 text-headline text-white">{heading}</h1>
          </div>
          {signedInAs ? (
            <div className="flex flex-wrap items-center gap-3 text-sm text-ink-200">
              <span>
                Signed in as <span className="break-all font-bold text-white">{signedInAs}</span>
              </span>
              <form method="post" action="/admin/sign-out">
                <button type="submit" className={buttonClass("secondary", "sm")}>
                  Sign out
                </button>
              </form>
            </div>
          ) : null}
        </div>
        {nav ? <AdminSections nav={nav} /> : null}
      </section>
      <div className="container-page py-10 sm:py-14">{children}</div>
    </>
  );
}

/** A message about the last action: what happened, or why it was refused. */
export function AdminNotice({ tone, children }: { tone: "info" | "problem"; children: ReactNode }) {
  return (
    <p
      role={tone === "problem" ? "alert" : "status"}
      className={`rounded-xl border p-4 ${
        tone === "problem"
          ? "border-danger-400/60 bg-danger-600/10 text-ink-50"
          : "border-success-400/50 bg-success-400/10 text-ink-50"
      }`}
    >
      {children}
    </p>
  );
}
