import { BuyButton } from "~/components/commerce/buy-button";
import { Icon } from "~/components/ui/icon";
import { ProductImage } from "~/components/ui/product-image";
import { SectionHeading } from "~/components/ui/section-heading";
import { bundleSection } from "~/content/home";
import { guarantee, shipping } from "~/content/product";
import { useDocumentText } from "~/lib/document-text";

/** Home: the Enhancer and the test kit side by side, each with its buy button. */
export function BundleOffer() {
  const cards = [
    { ...bundleSection.enhancer, image: "bottle", alt: "Forge Enhancer bottle" },
    { ...bundleSection.kit, image: "kit", alt: "The at-home testosterone test kit" },
  ] as const;
  // The buttons name the price checkout charges: Shopify's when the server has it (decision 080).
  const labels = [
    bundleSection.enhancer.button(useDocumentText("price:enhancer")),
    bundleSection.kit.button(useDocumentText("price:test_kit")),
  ];
  return (
    <section
      aria-labelledby="bundle"
      className="render-when-near relative overflow-hidden bg-ink-950 py-16 sm:py-24"
    >
      <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0 opacity-60" />
      <div className="container-page relative">
        <SectionHeading
          id="bundle"
          eyebrow={bundleSection.eyebrow}
          title={bundleSection.title}
          lead={bundleSection.lead}
        />
        <div className="mt-12 grid gap-5 md:grid-cols-2">
          {cards.map((card, index) => (
            <article
              key={card.item}
              className={`card flex flex-col p-6 sm:p-8 ${index === 0 ? "border-ember-500/60 shadow-glow" : ""}`}
            >
              <div className="mx-auto w-40 sm:w-48">
                <ProductImage kind={card.image} alt={card.alt} />
              </div>
              <h3 className="mt-6 text-2xl font-black uppercase text-white">{card.name}</h3>
              <p className="mt-1 text-ink-200">{card.detail}</p>
              <ul className="mt-4 space-y-1.5 text-sm text-ink-200">
                {[shipping.label, guarantee.label].map((fact) => (
                  <li key={fact} className="flex items-center gap-2">
                    <Icon name="check" className="size-4 text-ember-400" />
                    {fact}
                  </li>
                ))}
              </ul>
              <div className="mt-auto pt-7">
                <BuyButton
                  item={card.item}
                  flow="home"
                  size="lg"
                  variant={index === 0 ? "primary" : "secondary"}
                  className="w-full"
                >
                  {labels[index]}
                </BuyButton>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
