import { lazy } from "react";
import { StaticHtml } from "~/components/ui/static-html";
import type { PrivacyOpeningData } from "~/content/legal/privacy";
import { PageIntro } from "./page-intro";
import { PrivacySummary } from "./privacy-summary";

/** The full text, fetched only when it renders: after a client-side navigation (decision 146). */
const PrivacyFullText = lazy(() => import("./privacy-full-text"));

/** The privacy policy, from its copy and the data inventory (app/content/legal, decision 078). */
export function PrivacyPolicy({ heading, data }: { heading: string; data: PrivacyOpeningData }) {
  const { copy } = data;
  return (
    <>
      <PageIntro eyebrow="Legal" heading={heading}>
        <p>{copy.lead}</p>
        <p className="mt-4 text-base font-bold text-white">
          Effective <time dateTime={copy.effectiveDate}>{copy.effectiveDateLabel}</time>
        </p>
      </PageIntro>

      <div className="container-page pb-16">
        {copy.changeNotice ? (
          <aside
            aria-label="Coming change to this policy"
            className="mt-8 rounded-card border border-ember-400/50 bg-ember-500/10 p-5 text-ink-100"
          >
            {copy.changeNotice}
          </aside>
        ) : null}

        <PrivacySummary data={data} />

        <details id="full-policy" className="group mt-4 max-w-5xl scroll-mt-20">
          <summary className="flex min-h-16 cursor-pointer list-none items-start justify-between gap-4 rounded-card border border-white/15 bg-ink-900/60 p-5 hover:border-ember-400/60 sm:p-6 [&::-webkit-details-marker]:hidden">
            <span>
              <span className="block text-lg font-black text-white sm:text-xl">
                {copy.summary.inventory.label}
              </span>
              <span className="mt-1 block text-sm font-normal text-ink-300">
                {copy.summary.inventory.hint}
              </span>
            </span>
            <span
              aria-hidden="true"
              className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-white/5 text-xl font-bold text-ember-400 transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          {/* About 1,300 elements of plain markup (the inventory's tables): kept as the server sent it, not
              hydrated (decision 110). Its links are plain links, as StaticHtml asks. */}
          <StaticHtml id="full-policy-text">
            <PrivacyFullText />
          </StaticHtml>
        </details>
      </div>
    </>
  );
}
