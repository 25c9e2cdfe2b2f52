import { fdaStatementId } from "~/content/product";

/**
 * The asterisk after a structure/function claim ("Support natural testosterone"), linking to the one
 * full DSHEA statement, in the footer of every page (21 CFR 101.93(c); issue 32 item 5). A screen
 * reader hears where it leads, not "star".
 */
export function ClaimMark({ className = "" }: { className?: string }) {
  return (
    <a
      href={`#${fdaStatementId}`}
      aria-label="See the FDA statement"
      className={`rounded-sm px-0.5 font-bold text-ember-400 no-underline hover:text-ember-300 ${className}`}
    >
      *
    </a>
  );
}
