import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button-link";

/** Every back-office page: its band (who is signed in, sign out) and the page's one H1. */
export function AdminFrame({
  heading,
  signedInAs,
  children,
}: {
  heading: string;
  signedInAs?: string;
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
