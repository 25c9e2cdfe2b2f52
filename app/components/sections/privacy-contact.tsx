import { SandboxIdentityLabel } from "~/components/ui/sandbox-identity-label";
import { TEXT_LINK } from "~/components/ui/text-link";

/** The support address as a mail link. */
export function SupportMailto({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className={TEXT_LINK}>
      {email}
    </a>
  );
}

/** Who the policy's company is and how to reach it, with the sandbox's label where it is fictional. */
export function CompanyAddress({
  company,
  supportEmail,
}: {
  company: { legalName: string; postalAddress: string };
  supportEmail: string;
}) {
  return (
    <address className="not-italic">
      <span className="block font-bold text-white">{company.legalName}</span>
      <span className="block">{company.postalAddress}</span>
      <span className="block">
        E-mail: <SupportMailto email={supportEmail} />
      </span>
      <SandboxIdentityLabel className="mt-2" />
    </address>
  );
}
