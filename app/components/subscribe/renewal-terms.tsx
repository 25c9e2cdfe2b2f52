import { Link } from "react-router";
import { TEXT_LINK } from "~/components/ui/text-link";
import { renewalTerms, subscribePaths } from "~/content/subscribe";

/**
 * The renewal terms, in the same words beside the sign-up button, on the welcome page and in the
 * e-mail (decision 131): the amount, how often, the weeks off, how to cancel.
 */
export function RenewalTerms({
  perDelivery,
  bottleCount,
  everyDays,
  weeksOff,
}: {
  perDelivery: string;
  bottleCount: number;
  everyDays: number;
  weeksOff: number;
}) {
  const rows = [
    { label: renewalTerms.amountLabel, text: renewalTerms.amount(perDelivery, bottleCount) },
    { label: renewalTerms.oftenLabel, text: renewalTerms.often(everyDays) },
    { label: renewalTerms.offLabel, text: renewalTerms.off(weeksOff) },
  ];
  return (
    <dl className="space-y-3 text-sm text-ink-200" data-testid="renewal-terms">
      {rows.map((row) => (
        <div key={row.label}>
          <dt className="font-extrabold text-white">{row.label}</dt>
          <dd>{row.text}</dd>
        </div>
      ))}
      <div>
        <dt className="font-extrabold text-white">{renewalTerms.cancelLabel}</dt>
        <dd>
          {renewalTerms.cancel.before}
          <Link to={subscribePaths.account} className={TEXT_LINK}>
            {renewalTerms.cancel.link}
          </Link>
          {renewalTerms.cancel.after}
        </dd>
      </div>
    </dl>
  );
}
