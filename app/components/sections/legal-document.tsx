import { RichTextBlocks } from "~/components/ui/rich-text";
import type { LegalDocument, LegalSection } from "~/content/legal/document";
import { formatDayLong } from "~/shared/dates";
import { PageIntro } from "./page-intro";

function Contents({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <ol className="space-y-1 text-sm">
      {sections.map((section, index) => (
        <li key={section.id}>
          <a
            href={`#${section.id}`}
            className="flex min-h-10 items-baseline gap-2 rounded-lg px-2 py-2 text-ink-200 hover:bg-white/5 hover:text-ember-300"
          >
            <span className="w-5 shrink-0 text-right font-bold text-ink-300">{index + 1}.</span>{" "}
            <span>{section.title}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}

/**
 * A legal page (terms, disclaimer, privacy): the page's H1 and effective date, a table of contents
 * (a collapsible list on small screens, a sticky column on wide ones), and numbered sections whose
 * headings carry anchors, set at a readable line length.
 */
export function LegalDocumentPage({ heading, document }: { heading: string; document: LegalDocument }) {
  const effective = formatDayLong(document.effectiveDate);
  return (
    <>
      <PageIntro eyebrow={document.eyebrow} heading={heading}>
        <p>{document.lead}</p>
        <p className="mt-4 text-base font-semibold text-ink-100">
          Effective <time dateTime={document.effectiveDate}>{effective}</time>
        </p>
      </PageIntro>

      <div className="container-page py-12 sm:py-16">
        <div className="grid gap-10 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-16">
          {/* One list, two presentations: only one is displayed (and exposed) at a time. */}
          <nav aria-label="Contents" className="lg:hidden">
            <details className="group rounded-xl border border-white/10 bg-ink-800/60">
              <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between px-5 font-bold text-white [&::-webkit-details-marker]:hidden">
                Contents
                <span aria-hidden="true" className="text-ember-400 transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <div className="px-3 pb-3">
                <Contents sections={document.sections} />
              </div>
            </details>
          </nav>
          <nav aria-label="Contents" className="hidden lg:sticky lg:top-24 lg:block lg:self-start">
            <p className="eyebrow px-2">Contents</p>
            <div className="mt-3">
              <Contents sections={document.sections} />
            </div>
          </nav>

          <div className="min-w-0 max-w-[68ch] space-y-12 text-base leading-relaxed text-ink-200 sm:text-lg">
            {document.sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                // Past the first screen's sections, rendered as they near it (decision 149).
                className={index < 2 ? "scroll-mt-24" : "render-when-near scroll-mt-24"}
              >
                <div className="flex items-baseline justify-between gap-4">
                  <h2
                    id={`${section.id}-title`}
                    className="flex items-baseline gap-3 text-2xl font-black text-white sm:text-3xl"
                  >
                    <span className="text-ember-400">{index + 1}.</span> <span>{section.title}</span>
                  </h2>
                  <a
                    href={`#${section.id}`}
                    className="inline-flex min-h-10 min-w-10 shrink-0 items-center justify-center rounded-lg text-lg font-bold text-ink-300 hover:bg-white/5 hover:text-ember-300"
                  >
                    <span aria-hidden="true">#</span>
                    <span className="sr-only">Link to section {index + 1}</span>
                  </a>
                </div>
                <RichTextBlocks blocks={section.body} className="mt-4" />
              </section>
            ))}
            <p className="border-t border-white/10 pt-6 text-sm text-ink-300">
              Effective <time dateTime={document.effectiveDate}>{effective}</time>
            </p>
          </div>
        </div>
      </div>
    </>
  );
}
