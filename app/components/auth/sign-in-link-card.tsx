import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { signInLinkAgain, signInLinkProblems } from "~/content/sign-in-links";

/**
 * What an e-mailed sign-in link's page shows, for the back office and shoppers' accounts alike
 * (decision 107): a usable link, a button that posts back to the page's own address (token included,
 * no JavaScript needed); any other, why it cannot sign in and the way to a new one.
 */
export type SignInLinkPageState = "valid" | keyof typeof signInLinkProblems;

/** The page's heading in this state. */
export const signInLinkHeading = (state: SignInLinkPageState) =>
  state === "valid" ? "Sign in" : signInLinkProblems[state][0];

export function SignInLinkCard({
  state,
  signsInTo,
  newLinkTo,
  surface,
}: {
  state: SignInLinkPageState;
  /** "your account", "the back office" */
  signsInTo: string;
  /** Where a new link is asked for. */
  newLinkTo: string;
  /** The card's background, the page's own. */
  surface: string;
}) {
  const card = `rounded-card border border-white/10 p-6 sm:p-8 ${surface}`;
  if (state === "valid") {
    return (
      <div className={card}>
        <p className="text-ink-200">Press the button to sign in to {signsInTo} on this device.</p>
        {/* No action attribute: the form posts to this address, token included. */}
        <form method="post" className="mt-6">
          <button type="submit" className={buttonClass("primary", "md")}>
            Sign in
          </button>
        </form>
      </div>
    );
  }
  return (
    <div className={card}>
      <p className="text-ink-200">
        {signInLinkProblems[state][1]} {signInLinkAgain}
      </p>
      <Link to={newLinkTo} className={`mt-6 inline-block ${TEXT_LINK}`}>
        Get a new sign-in link
      </Link>
    </div>
  );
}
