import { ButtonLink } from "~/components/ui/button-link";
import { ClaimMark } from "~/components/ui/claim-mark";
import { Icon } from "~/components/ui/icon";
import { ProductImage } from "~/components/ui/product-image";
import { StarRating } from "~/components/ui/star-rating";
import { hero } from "~/content/home";
import { useDocumentText } from "~/lib/document-text";

/** The home hero: the page's H1, the promise, two calls to action, and the bottle. */
export function HomeHero({ heading }: { heading: string }) {
  const enhancerPrice = useDocumentText("price:enhancer");
  return (
    <section className="relative overflow-hidden bg-ink-950">
      <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
      <div className="container-page relative grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[1.15fr_0.85fr] lg:py-24">
        <div className="@container">
          <p className="eyebrow">{hero.eyebrow}</p>
          <h1 className="heading-display mt-4 text-display-fit text-white">
            {heading}
            <ClaimMark className="align-super text-[0.5em]" />{" "}
            <span className="block text-ember-500">{hero.promise}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-200 sm:text-xl">{hero.lead}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={hero.primary.to} size="lg" prefetch="intent">
              {hero.primary.label(enhancerPrice)}
            </ButtonLink>
            <ButtonLink to={hero.secondary.to} size="lg" variant="secondary" prefetch="intent">
              {hero.secondary.label}
            </ButtonLink>
          </div>
          <StarRating scope="all" className="mt-8" />
          <ul className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold text-ink-200">
            {hero.highlights.map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <Icon name="check" className="size-4 text-ember-400" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative mx-auto w-full max-w-[14rem] sm:max-w-xs lg:max-w-md">
          <ProductImage kind="bottle" alt="A bottle of Forge Enhancer, 90 capsules" priority />
        </div>
      </div>
    </section>
  );
}
