import { Link } from "react-router";
import { ClaimMark } from "~/components/ui/claim-mark";
import { fdaStatement, fdaStatementId } from "~/content/product";
import { brand, footer } from "~/content/site";
import { Logo } from "./logo";
import { NewsletterForm } from "./newsletter-form";

export function SiteFooter() {
  return (
    <footer className="render-when-near border-t border-white/10 bg-ink-950 text-ink-300">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-14 md:grid-cols-[1.3fr_1fr_1fr] lg:grid-cols-[1.4fr_0.8fr_0.8fr_1.6fr]">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <Link to="/" className="inline-block rounded-md" aria-label={`${brand.name} home`}>
            <Logo />
          </Link>
          {/* The tagline is a structure/function claim: its asterisk leads to the full FDA statement below. */}
          <p className="mt-4 text-base leading-relaxed text-ink-200">
            <span>{footer.tagline}</span>
            <ClaimMark />
          </p>
        </div>
        {footer.columns.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
            <h2
              id={`footer-${column.title.toLowerCase()}`}
              className="text-sm font-extrabold uppercase tracking-[0.18em] text-white"
            >
              {column.title}
            </h2>
            <ul className="mt-4 space-y-1">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="inline-flex min-h-10 items-center hover:text-ember-300">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="col-span-2 md:col-span-3 lg:col-span-1">
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-4 py-6 text-sm md:flex-row md:items-center md:justify-between">
          <p>
            © {footer.copyrightYear} {brand.name}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-1">
              {footer.legalLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="inline-flex min-h-10 items-center hover:text-ember-300">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        {/*
          The spec's line, word for word, then the page's one full DSHEA statement in bold (21 CFR
          101.93(c)), the target of every claim's asterisk. No page repeats it in a card (issue 32 item 14).
        */}
        <div className="container-page pb-8 text-xs leading-relaxed text-ink-300">
          <p>{footer.disclaimer}</p>
          <p id={fdaStatementId} className="mt-1 scroll-mt-24">
            <strong className="font-bold text-ink-100">* {fdaStatement}</strong>
          </p>
        </div>
      </div>
    </footer>
  );
}
