import { FaqSection } from "~/components/sections/faq-section";
import { PricingCards } from "~/components/sections/pricing-cards";
import { WhoShouldNotNote } from "~/components/sections/who-should-not";
import { ButtonLink } from "~/components/ui/button-link";
import { ClaimMark } from "~/components/ui/claim-mark";
import { SectionHeading } from "~/components/ui/section-heading";
import { broHero, broLinks, broSections, broTruths, pricingPlans } from "~/content/bro-science";
import { broScienceFaqs } from "~/content/faqs";
import { pages } from "~/content/routes";
import { pageMeta } from "~/lib/seo";

const page = pages.broScience;

export const meta = () => pageMeta(page);

export default function Page() {
  return (
    <>
      <section className="relative overflow-hidden bg-ember-500 text-ink-950">
        <div aria-hidden="true" className="stripes pointer-events-none absolute inset-0 opacity-30" />
        <div className="container-page relative py-16 sm:py-24 lg:py-28">
          <p className="inline-block -rotate-2 bg-ink-950 px-3 py-1.5 text-sm font-black uppercase tracking-[0.2em] text-ember-400">
            {broHero.eyebrow}
          </p>
          <h1 className="heading-display mt-6 max-w-5xl text-[clamp(2.75rem,1.2rem+7.5vw,8rem)] leading-[0.88] italic">
            {page.heading}
          </h1>
          <p className="mt-8 max-w-2xl text-xl font-semibold leading-relaxed sm:text-2xl">
            {broHero.lead}
            <ClaimMark />
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <ButtonLink
              to={broLinks.product.to}
              size="lg"
              className="bg-ink-950 !text-white hover:bg-ink-800"
            >
              {broLinks.product.label}
            </ButtonLink>
            <ButtonLink
              to={broLinks.quiz.to}
              size="lg"
              variant="secondary"
              className="border-ink-950 !text-ink-950 hover:bg-ink-950/10"
            >
              {broLinks.quiz.label}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="truths" className="border-b border-white/10 bg-ink-950">
        <div className="container-page py-14 sm:py-20">
          <h2 id="truths" className="heading-display text-headline text-white italic">
            {broTruths.title}
          </h2>
          <ul className="mt-10 grid gap-8 md:grid-cols-3">
            {broTruths.items.map((item) => (
              <li key={item.label} className="border-l-4 border-ember-500 pl-5">
                <p className="text-7xl font-black leading-none text-ember-500 italic">{item.stat}</p>
                <p className="mt-3 text-lg font-extrabold uppercase text-white">{item.label}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="plans" className="container-page pt-16 sm:pt-24">
        <SectionHeading
          id="plans"
          eyebrow={broSections.plans.eyebrow}
          title={broSections.plans.title}
          className="mb-14"
        />
        <PricingCards plans={pricingPlans} />
      </section>
      {/* Beside the plans, not inside their region: a complementary landmark sits at the top level. */}
      <div className="container-page pb-16 sm:pb-24">
        <WhoShouldNotNote className="mx-auto mt-10" />
      </div>

      <FaqSection
        id="bro-faq"
        eyebrow={broSections.faq.eyebrow}
        title={broSections.faq.title}
        faqs={broScienceFaqs}
      />

      <section aria-labelledby="bro-cta" className="container-page pb-16 sm:pb-24">
        <div className="flex flex-col gap-6 rounded-card border-2 border-ember-500 p-8 sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <h2 id="bro-cta" className="heading-display text-3xl text-white italic sm:text-4xl">
            {broSections.cta.title}
          </h2>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to={broLinks.product.to} size="lg">
              {broLinks.product.label}
            </ButtonLink>
            <ButtonLink to={broLinks.quiz.to} size="lg" variant="secondary">
              {broLinks.quiz.label}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
