import { Link } from "react-router";

/**
 * The way to /subscribe from the Enhancer's page and the quiz result: a plain link, no script
 * (decision 131). Its words (with the true saving) are made on the server, shown only while Shopify
 * has a selling plan.
 */
export function SubscribeLink({ text, className = "" }: { text: string; className?: string }) {
  return (
    <Link
      to="/subscribe"
      className={`inline-flex items-center gap-2 font-bold text-ember-300 underline underline-offset-4 hover:text-ember-400 ${className}`}
      data-testid="subscribe-link"
    >
      {text}
    </Link>
  );
}
