import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon, type IconName } from "~/components/ui/icon";
import { SandboxIdentityLabel } from "~/components/ui/sandbox-identity-label";
import { TEXT_LINK } from "~/components/ui/text-link";
import { paths, support } from "~/content/site";
import { contactPage } from "~/content/support";

/** Beside the contact form: when a person answers, the address, where the company is, the shortcuts. */
export function ContactAside() {
  const { aside } = contactPage;
  return (
    <aside aria-labelledby="contact-aside-heading" className="space-y-6 lg:pt-2">
      <h2 id="contact-aside-heading" className="sr-only">
        {aside.heading}
      </h2>
      <AsideCard icon="clock" title="Support hours">
        <p>{aside.hours}</p>
      </AsideCard>
      <AsideCard icon="mail" title="E-mail">
        <a href={`mailto:${support.email}`} className={`${TEXT_LINK} break-all`}>
          {aside.email}
        </a>
      </AsideCard>
      <AsideCard icon="box" title="Post">
        <address className="not-italic">
          {aside.postal.name}
          <br />
          {aside.postal.address}
        </address>
        <SandboxIdentityLabel className="mt-2" />
      </AsideCard>
      <AsideCard icon="shield" title="Quick answers">
        <ul className="space-y-2">
          <li>
            <Link to={paths.faq} className={TEXT_LINK}>
              Frequently asked questions
            </Link>
          </li>
          <li>
            <Link to={paths.guarantee} className={TEXT_LINK}>
              Ask for a refund (60-day guarantee)
            </Link>
          </li>
        </ul>
      </AsideCard>
      <p className="text-sm leading-relaxed text-ink-300">{aside.medical}</p>
    </aside>
  );
}

function AsideCard({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-card border border-white/10 bg-ink-800 p-5">
      {/* A fixed chip: the text beside it starts at the same x in every card, whatever its length. */}
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ember-500/15 text-ember-400"
        data-testid="contact-chip"
      >
        <Icon name={icon} className="size-5" />
      </span>
      <div className="min-w-0 text-ink-200">
        <h3 className="font-extrabold text-white">{title}</h3>
        <div className="mt-1 leading-relaxed">{children}</div>
      </div>
    </div>
  );
}
