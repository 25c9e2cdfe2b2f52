import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button-link";
import type { PrivacyOpeningData } from "~/content/legal/privacy";
import { CompanyAddress, SupportMailto } from "./privacy-contact";
import { PrivacyList, PrivacySection } from "./privacy-section";

/**
 * The policy's opening: what a shopper needs in a two-minute read (issue 32 item 13), every figure
 * and company from the data inventory. The full inventory follows, collapsed (privacy-policy.tsx).
 */
export function PrivacySummary({ data }: { data: PrivacyOpeningData }) {
  const { copy, summary, requestHref } = data;
  const titles = copy.summary.sections;
  const { company, supportEmail } = copy.whoWeAre;
  const mailto = <SupportMailto email={supportEmail} />;
  return (
    <div className="max-w-3xl">
      <PrivacySection compact id="collect" title={titles.collect}>
        <PrivacyList items={summary.collect} />
      </PrivacySection>
      <PrivacySection compact id="why" title={titles.why}>
        <p>{copy.summary.why}</p>
      </PrivacySection>
      <PrivacySection compact id="sharing" title={titles.sharing}>
        <p>{copy.summary.sharingIntro}</p>
        <ul className="list-disc space-y-2 pl-5 marker:text-ember-400">
          {summary.sharing.map((processor) => (
            <li key={processor.name}>
              <strong className="font-bold text-white">{processor.name}</strong> {processor.does}.
            </li>
          ))}
        </ul>
        <p className="font-semibold text-ink-100">{copy.summary.sharingOutro}</p>
      </PrivacySection>
      <PrivacySection compact id="keeping" title={titles.keeping}>
        <p>{copy.summary.keepingIntro}</p>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          {summary.keeping.map((record) => (
            <div key={record.what} className="contents">
              <dt className="font-semibold text-white max-sm:pt-2">{record.what}</dt>
              <dd>{record.period}</dd>
            </div>
          ))}
        </dl>
      </PrivacySection>
      <PrivacySection compact id="your-choices" title={titles["your-choices"]}>
        <p>{copy.summary.rights}</p>
        <p className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <Link to={requestHref} className={buttonClass("primary", "md")}>
            {copy.rights.formLabel}
          </Link>
          <span>or e-mail {mailto}</span>
        </p>
      </PrivacySection>
      <PrivacySection compact id="tracking" title={titles.tracking}>
        <PrivacyList items={copy.summary.tracking} />
      </PrivacySection>
      <PrivacySection compact id="who-we-are" title={titles["who-we-are"]}>
        <p>{copy.whoWeAre.text}</p>
        <CompanyAddress company={company} supportEmail={supportEmail} />
      </PrivacySection>
    </div>
  );
}
