import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { TEXT_LINK } from "~/components/ui/text-link";
import { whoShouldNot } from "~/content/who-should-not";

/**
 * Who should not take the Enhancer, in short, beside the button that sells it (issue 20): the same
 * facts as the Deep Dive's full list, which it links to.
 */
export function WhoShouldNotNote({ className = "" }: { className?: string }) {
  return (
    <aside
      aria-labelledby="who-should-not-note"
      className={`max-w-md rounded-card border border-white/10 bg-ink-900/60 p-4 text-sm leading-relaxed ${className}`}
    >
      <h2 id="who-should-not-note" className="flex items-center gap-2 font-extrabold text-white">
        <Icon name="shield" className="size-4 text-ember-400" />
        {whoShouldNot.title}
      </h2>
      <p className="mt-2 text-ink-200">{whoShouldNot.summary}</p>
      <Link to={whoShouldNot.fullListLink.to} className={`mt-2 inline-block ${TEXT_LINK}`}>
        {whoShouldNot.fullListLink.label}
      </Link>
    </aside>
  );
}
