import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { privacyFullTextData } from "~/content/legal/privacy";
import { CompanyAddress, SupportMailto } from "./privacy-contact";
import { InventoryTableCard, OtherRecordCard } from "./privacy-inventory";
import { PrivacyList, PrivacySection, PrivacyTable } from "./privacy-section";

/**
 * The policy in full: every table of the data inventory, about 1,300 elements of plain markup. Its
 * words and figures come from the content modules themselves, not from the route's loader, and this
 * module is loaded only when it renders (privacy-policy.tsx, decision 146): on a document load the
 * server's markup is kept as sent (StaticHtml), so the browser neither downloads nor decodes any of it;
 * after a client-side navigation it arrives as a chunk of its own. Its links are plain links, as
 * StaticHtml asks.
 */
export default function PrivacyFullText() {
  const data = privacyFullTextData();
  const { copy, requestHref } = data;
  const { company, supportEmail } = copy.whoWeAre;
  const mailto = <SupportMailto email={supportEmail} />;
  return (
    <>
      <nav aria-label="In the full policy" className="max-w-3xl pt-8 pb-4">
        <ol className="grid gap-x-8 gap-y-2 sm:grid-cols-2">
          {Object.entries(copy.sections).map(([id, title]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex min-h-8 items-center text-ink-100 underline-offset-4 hover:text-ember-300 hover:underline"
              >
                {title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <PrivacySection id="what-we-collect" title={copy.sections["what-we-collect"]}>
        <p className="max-w-3xl">{copy.whatWeCollect.intro}</p>
        <p className="max-w-3xl">{copy.whatWeCollect.healthNote}</p>
        <div className="space-y-6 pt-4">
          {data.tables.map((table) => (
            <InventoryTableCard
              key={table.name}
              table={table}
              noPersonalData={copy.whatWeCollect.noPersonalData}
            />
          ))}
        </div>
        <h3 className="pt-8 text-2xl font-black uppercase text-white">{copy.whatWeCollect.otherTitle}</h3>
        <div className="space-y-6">
          {data.otherRecords.map((record) => (
            <OtherRecordCard key={record.id} record={record} />
          ))}
        </div>
        <h3 className="pt-8 text-2xl font-black uppercase text-white">{copy.whatWeCollect.stripeTitle}</h3>
        <p className="max-w-3xl">{copy.whatWeCollect.stripeIntro}</p>
        <div className="max-w-3xl space-y-4">
          <PrivacyList items={data.stripeCheckout.collects} />
          <p>{data.stripeCheckout.weReceive}</p>
        </div>
        <h3 className="pt-8 text-2xl font-black uppercase text-white">
          {copy.whatWeCollect.notCollected.title}
        </h3>
        <div className="max-w-3xl">
          <PrivacyList items={copy.whatWeCollect.notCollected.items} />
        </div>
      </PrivacySection>

      <PrivacySection id="how-long" title={copy.sections["how-long"]}>
        <p className="max-w-3xl">{copy.howLong.intro}</p>
        <PrivacyTable
          caption="How long each kind of record is kept"
          headings={["Records", "Kept for", "Why"]}
          rows={data.retention.map((rule) => ({
            key: rule.rule,
            header: (
              <ul className="space-y-1">
                {rule.records.map((record) => (
                  <li key={record}>{record}</li>
                ))}
              </ul>
            ),
            cells: [rule.summary, rule.reason],
          }))}
        />
      </PrivacySection>

      <PrivacySection id="who-else" title={copy.sections["who-else"]}>
        <p className="max-w-3xl">{copy.whoElse.intro}</p>
        <ul className="grid gap-4 md:grid-cols-2">
          {data.processors.map((processor) => (
            <li key={processor.name} className="card p-5 sm:p-6">
              <p className="text-lg font-black text-white">{processor.name}</p>
              <p className="text-sm font-bold uppercase tracking-wide text-ember-400">{processor.role}</p>
              <p className="mt-3 text-ink-200">{processor.receives}</p>
              {processor.policyUrl ? (
                <a href={processor.policyUrl} className={`mt-3 inline-block text-sm ${TEXT_LINK}`}>
                  {processor.name}'s privacy policy
                </a>
              ) : null}
            </li>
          ))}
        </ul>
        <p className="max-w-3xl">{copy.whoElse.youtube}</p>
        <p className="max-w-3xl">{copy.whoElse.legal}</p>
      </PrivacySection>

      <PrivacySection id="cookies" title={copy.sections.cookies}>
        <p className="max-w-3xl">{copy.cookies.intro}</p>
        <PrivacyTable
          caption="Cookies and browser storage the site uses"
          headings={["Name", "Type", "Who gets it", "What it's for", "How long"]}
          rows={data.browserStorage.map((entry) => ({
            key: entry.name,
            header: <code className="font-mono text-sm">{entry.name}</code>,
            cells: [entry.type, entry.who, entry.purpose, entry.lasts],
          }))}
        />
      </PrivacySection>

      <PrivacySection id="no-sale" title={copy.sections["no-sale"]}>
        <div className="max-w-3xl">
          <PrivacyList items={copy.noSale} />
        </div>
      </PrivacySection>

      <PrivacySection id="your-rights" title={copy.sections["your-rights"]}>
        <div className="max-w-3xl space-y-4">
          <p>{copy.rights.intro}</p>
          <dl className="space-y-3">
            {copy.rights.list.map((right) => (
              <div key={right.title}>
                <dt className="inline font-bold text-white">{right.title}: </dt>
                <dd className="inline">{right.text}</dd>
              </div>
            ))}
          </dl>
          <h3 className="pt-4 text-2xl font-black uppercase text-white">{copy.rights.howTitle}</h3>
          <PrivacyList items={copy.rights.how} />
          <p className="flex flex-wrap items-center gap-x-6 gap-y-3 pt-2">
            <a href={requestHref} className={buttonClass("primary", "md")}>
              {copy.rights.formLabel}
            </a>
            <span>or e-mail {mailto}</span>
          </p>
        </div>
      </PrivacySection>

      <PrivacySection id="do-not-track" title={copy.sections["do-not-track"]}>
        {copy.doNotTrack.map((text) => (
          <p key={text} className="max-w-3xl">
            {text}
          </p>
        ))}
      </PrivacySection>

      <PrivacySection id="children" title={copy.sections.children}>
        {copy.children.map((text) => (
          <p key={text} className="max-w-3xl">
            {text}
          </p>
        ))}
      </PrivacySection>

      <PrivacySection id="security" title={copy.sections.security}>
        <div className="max-w-3xl">
          <PrivacyList items={copy.security} />
        </div>
      </PrivacySection>

      <PrivacySection id="changes" title={copy.sections.changes}>
        <div className="max-w-3xl">
          <PrivacyList items={copy.changes} />
        </div>
      </PrivacySection>

      <PrivacySection id="contact" title={copy.sections.contact}>
        <p className="max-w-3xl">{copy.contact.text}</p>
        <CompanyAddress company={company} supportEmail={supportEmail} />
        <p>
          <a href={requestHref} className={TEXT_LINK}>
            {copy.rights.formLabel}
          </a>
        </p>
      </PrivacySection>
    </>
  );
}
