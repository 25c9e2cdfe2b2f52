import { PageIntro } from "~/components/sections/page-intro";
import { ButtonLink } from "~/components/ui/button-link";
import { ClaimMark } from "~/components/ui/claim-mark";
import { FactTable } from "~/components/ui/fact-table";
import { Icon } from "~/components/ui/icon";
import { SandboxIdentityLabel } from "~/components/ui/sandbox-identity-label";
import { SectionHeading } from "~/components/ui/section-heading";
import { TEXT_LINK } from "~/components/ui/text-link";
import { aboutPage } from "~/content/about";
import { pages } from "~/content/routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

const page = pages.about;

export const meta = () => pageMeta(page);

/** The copy is computed from the ingredient data on the server and sent as data (decision 011). */
export function loader() {
  return { about: aboutPage };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { story, principles, formula, contact, ...intro } = loaderData.about;
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} heading={page.heading}>
        <p>{intro.lead}</p>
      </PageIntro>

      <section aria-labelledby="about-story" className="container-page py-16 sm:py-24">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
          <SectionHeading id="about-story" eyebrow={story.eyebrow} title={story.title} />
          <div className="max-w-[68ch] space-y-5 text-lg leading-relaxed text-ink-200">
            {story.paragraphs.map((paragraph) =>
              typeof paragraph === "string" ? (
                <p key={paragraph}>{paragraph}</p>
              ) : (
                <p key={paragraph.claim}>
                  {paragraph.claim}
                  <ClaimMark /> {paragraph.text}
                </p>
              ),
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="about-principles" className="render-when-near bg-ink-950/50 py-16 sm:py-24">
        <div className="container-page">
          <SectionHeading id="about-principles" eyebrow={principles.eyebrow} title={principles.title} />
          <ul className="mt-12 grid gap-4 md:grid-cols-3">
            {principles.items.map((item) => (
              <li key={item.title} className="card flex flex-col p-6 sm:p-8">
                <span className="grid size-12 place-items-center rounded-xl bg-ember-500/15 text-ember-400">
                  <Icon name={item.icon} />
                </span>
                <h3 className="mt-5 text-2xl font-black uppercase text-white">{item.title}</h3>
                <p className="mt-3 flex-1 leading-relaxed text-ink-200">{item.text}</p>
                <p className="mt-5">
                  <ButtonLink to={item.link.to} variant="secondary" size="sm">
                    {item.link.label}
                  </ButtonLink>
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-formula" className="render-when-near container-page py-16 sm:py-24">
        <SectionHeading
          id="about-formula"
          eyebrow={formula.eyebrow}
          title={formula.title}
          lead={formula.lead}
        />
        {/* Narrower padding and type on the smallest phones keep the three columns' longest words whole. */}
        <div className="card mt-10 px-3 py-4 xs:p-4 sm:p-8">
          <FactTable headings={formula.headings} rows={formula.rows} className="max-xs:text-[0.8125rem]" />
        </div>
        <p className="mt-4 max-w-3xl text-sm text-ink-300">{formula.note}</p>
      </section>

      <section aria-labelledby="about-contact" className="render-when-near bg-ink-950/50 py-16 sm:py-24">
        <div className="container-page grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:gap-16">
          <div>
            <SectionHeading
              id="about-contact"
              eyebrow={contact.eyebrow}
              title={contact.title}
              lead={contact.lead}
            />
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to={contact.actions.contact.to}>{contact.actions.contact.label}</ButtonLink>
              <ButtonLink to={contact.actions.faq.to} variant="secondary">
                {contact.actions.faq.label}
              </ButtonLink>
            </div>
          </div>
          <div>
            <dl className="card grid gap-6 p-6 sm:grid-cols-2 sm:p-8">
              {contact.details.map((detail) => (
                <div key={detail.label}>
                  <dt className="text-sm font-extrabold uppercase tracking-wide text-ember-400">
                    {detail.label}
                  </dt>
                  <dd className="mt-1 break-words text-lg font-semibold text-white">
                    {"href" in detail ? (
                      <a href={detail.href} className={TEXT_LINK}>
                        {detail.value}
                      </a>
                    ) : (
                      detail.value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
            <SandboxIdentityLabel className="mt-3" />
          </div>
        </div>
      </section>
    </>
  );
}
