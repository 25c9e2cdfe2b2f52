import { Link } from "react-router";
import { BuyButton } from "~/components/commerce/buy-button";
import { ProductJsonLd } from "~/components/sections/product-json-ld";
import { Steps } from "~/components/sections/steps";
import { Icon } from "~/components/ui/icon";
import { ProductImage } from "~/components/ui/product-image";
import { SectionHeading } from "~/components/ui/section-heading";
import { TEXT_LINK } from "~/components/ui/text-link";
import { images, testKitProduct } from "~/content/product";
import { pages } from "~/content/routes";
import { kitContents, kitPage, kitSteps, privacyFacts, resultsReport } from "~/content/test-kit";
import { useDocumentText } from "~/lib/document-text";
import { pageMeta } from "~/lib/seo";

const page = pages.testKit;

export const meta = () => pageMeta(page);

export default function Page() {
  // Shopify's prices when the server has them, the spec's until then (decision 080).
  const kitPrice = useDocumentText("price-cents:test_kit");
  const bundlePrice = useDocumentText("price:enhancer_kit_bundle");
  return (
    <>
      <section className="relative overflow-hidden border-b border-white/10 bg-ink-950">
        <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
        <div className="container-page relative grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-2">
          <div className="order-last mx-auto w-full max-w-md lg:order-first">
            <ProductImage
              kind="kit"
              alt="The Forge at-home testosterone test kit and its return envelope"
              priority
            />
          </div>
          <div className="@container">
            <p className="eyebrow">{kitPage.eyebrow}</p>
            <h1 className="heading-display mt-4 text-display-fit text-white">{page.heading}</h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-ink-200">{testKitProduct.description}</p>
            <p className="mt-6 text-5xl font-black text-white">{kitPrice}</p>
            <ul className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold text-ink-200">
              {kitPage.highlights.map((item) => (
                <li key={item} className="flex items-center gap-1.5">
                  <Icon name="check" className="size-4 text-ember-400" />
                  {item}
                </li>
              ))}
            </ul>
            <div className="mt-8 max-w-sm">
              <BuyButton item="test_kit" flow="kit" size="lg" className="w-full">
                {kitPage.buy}
              </BuyButton>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="kit-bundle" className="container-page py-14 sm:py-20">
        <div className="relative overflow-hidden rounded-card border-2 border-ember-500 bg-ink-950 p-7 shadow-glow sm:p-10">
          <div className="grid gap-8 md:grid-cols-[1fr_auto] md:items-center">
            <div>
              <p className="eyebrow">{kitPage.sections.bundle}</p>
              <h2 id="kit-bundle" className="heading-display mt-2 text-3xl text-white sm:text-4xl">
                {kitPage.bundle.title}
              </h2>
              <p className="mt-3 max-w-xl text-lg text-ink-200">{kitPage.bundle.text}</p>
              <p className="mt-4 text-4xl font-black text-ember-400">{bundlePrice}</p>
            </div>
            <BuyButton item="enhancer_kit_bundle" flow="kit" size="lg">
              {kitPage.bundle.button(bundlePrice)}
            </BuyButton>
          </div>
        </div>
      </section>

      <section aria-labelledby="kit-steps" className="render-when-near bg-ink-950/50 py-14 sm:py-20">
        <div className="container-page">
          <SectionHeading
            id="kit-steps"
            eyebrow={kitPage.sections.steps.eyebrow}
            title={kitPage.sections.steps.title}
          />
          <Steps steps={kitSteps} className="mt-12" />
          <p className="mt-10 max-w-3xl text-ink-200">
            {`${kitPage.register.text} `}
            <Link to={kitPage.register.path} className={TEXT_LINK}>
              {kitPage.register.link}
            </Link>
          </p>
        </div>
      </section>

      <div className="render-when-near container-page grid gap-6 py-14 sm:py-20 lg:grid-cols-2">
        <section aria-labelledby="kit-contents" className="card p-7 sm:p-9">
          <h2 id="kit-contents" className="heading-display text-3xl text-white">
            {kitPage.sections.contents}
          </h2>
          <ul className="mt-6 space-y-3">
            {kitContents.map((item) => (
              <li key={item} className="flex gap-3 text-ink-100">
                <Icon name="box" className="mt-0.5 size-5 text-ember-400" />
                {item}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="kit-report" className="card p-7 sm:p-9">
          <h2 id="kit-report" className="heading-display text-3xl text-white">
            {resultsReport.title}
          </h2>
          <ul className="mt-6 space-y-4">
            {resultsReport.items.map((item) => (
              <li key={item.title} className="flex gap-3">
                <Icon name="chart" className="mt-0.5 size-5 text-ember-400" />
                <p>
                  <strong className="block font-extrabold text-white">{item.title}</strong>
                  <span className="text-ink-200">{item.text}</span>
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-ink-300">{resultsReport.note}</p>
        </section>
      </div>

      <section aria-labelledby="kit-privacy" className="render-when-near container-page pb-16 sm:pb-24">
        <SectionHeading
          id="kit-privacy"
          eyebrow={kitPage.sections.privacy.eyebrow}
          title={kitPage.sections.privacy.title}
        />
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {privacyFacts.map((fact) => (
            <li key={fact.title} className="card p-6">
              <Icon name="lock" className="size-6 text-ember-400" />
              <h3 className="mt-4 text-lg font-extrabold text-white">{fact.title}</h3>
              <p className="mt-1 text-ink-200">{fact.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <ProductJsonLd
        name={testKitProduct.title}
        description={testKitProduct.description}
        item="test_kit"
        path={page.path}
        image={images.kit.src}
      />
    </>
  );
}
