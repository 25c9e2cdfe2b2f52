import { Accordion } from "~/components/ui/accordion";
import { JsonLd } from "~/components/ui/json-ld";
import { SectionHeading } from "~/components/ui/section-heading";
import type { Faq } from "~/content/faqs";

/** FAQPage structured data for one page's questions. */
export function faqJsonLd(faqs: readonly Faq[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

/** An FAQ list as an accordion, with its FAQPage JSON-LD. */
export function FaqList({ faqs, headingLevel = 3 }: { faqs: readonly Faq[]; headingLevel?: 3 | 4 }) {
  return (
    <>
      <Accordion
        headingLevel={headingLevel}
        items={faqs.map((faq) => ({ title: faq.question, content: <p>{faq.answer}</p> }))}
      />
      <JsonLd data={faqJsonLd(faqs)} />
    </>
  );
}

/** A titled FAQ section. */
export function FaqSection({
  id,
  title,
  eyebrow,
  faqs,
  className = "",
}: {
  id: string;
  title: string;
  eyebrow?: string;
  faqs: readonly Faq[];
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`container-page py-16 sm:py-24 ${className}`}>
      <div className="grid gap-10 lg:grid-cols-[1fr_1.6fr]">
        <SectionHeading id={id} eyebrow={eyebrow} title={title} />
        <FaqList faqs={faqs} />
      </div>
    </section>
  );
}
