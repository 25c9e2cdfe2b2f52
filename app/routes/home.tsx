import { Benefits } from "~/components/sections/benefits";
import { BundleOffer } from "~/components/sections/bundle-offer";
import { ComparisonTable } from "~/components/sections/comparison-table";
import { ConnectionTest } from "~/components/sections/connection-test";
import { HomeHero } from "~/components/sections/home-hero";
import { IngredientSummary } from "~/components/sections/ingredient-summary";
import { QuizPromo } from "~/components/sections/quiz-promo";
import { Steps } from "~/components/sections/steps";
import { TrustBadges } from "~/components/sections/trust-badges";
import { VideoRow } from "~/components/sections/video-row";
import { JsonLd } from "~/components/ui/json-ld";
import { SectionHeading } from "~/components/ui/section-heading";
import { comparison } from "~/content/comparison";
import { howItWorks, ingredientsTeaser, videosTeaser } from "~/content/home";
import { pages } from "~/content/routes";
import { brand, footer, support } from "~/content/site";
import { homeVideos } from "~/content/videos";
import { absoluteUrl, pageMeta } from "~/lib/seo";

const page = pages.home;

export const meta = () => pageMeta(page);

const organization = {
  "@context": "https://schema.org",
  "@type": "Organization",
  name: brand.name,
  url: absoluteUrl("/"),
  logo: absoluteUrl("/favicon.svg"),
  description: footer.tagline,
  email: support.email,
};

export default function Page() {
  return (
    <>
      <HomeHero heading={page.heading} />
      <TrustBadges />
      <Benefits />
      <section aria-labelledby="how-it-works" className="render-when-near bg-ink-950/50 py-16 sm:py-24">
        <div className="container-page">
          <SectionHeading id="how-it-works" eyebrow={howItWorks.eyebrow} title={howItWorks.title} />
          <Steps steps={howItWorks.steps} className="mt-12" />
        </div>
      </section>
      <section aria-labelledby="comparison" className="render-when-near container-page py-16 sm:py-24">
        <SectionHeading id="comparison" eyebrow={comparison.eyebrow} title={comparison.title} />
        <div className="mt-10">
          <ComparisonTable />
        </div>
      </section>
      <IngredientSummary {...ingredientsTeaser} />
      <BundleOffer />
      <VideoRow id="videos" {...videosTeaser} videos={homeVideos} />
      <QuizPromo />
      <ConnectionTest />
      <JsonLd data={organization} />
    </>
  );
}
