import { data, Link, redirect } from "react-router";
import { StatusPanel } from "~/components/sections/status-panel";
import { ButtonLink, buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { brand } from "~/content/site";
import { ApiError } from "~/server/http/failures.server";
import { checkOrigin } from "~/server/http/guards.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/newsletter.confirm";

/**
 * The confirmation e-mail's link (issue 7; issue 15 item 10, docs/decisions/063). Mail scanners fetch
 * links, so GET and HEAD only read: a pending link shows a button that posts back here (a plain form,
 * so it works without JavaScript), and the POST confirms. A link that has confirmed its address keeps
 * saying "You're subscribed" (a reload, a second click).
 */
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { newsletter } = servicesFor(context, "newsletter");
  return { state: await newsletter.confirmationState(tokenOf(request)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Another site's page must not confirm someone: the API functions' Origin check (React Router
  // already refuses a foreign Origin; this also refuses Sec-Fetch-Site: cross-site and PUBLIC_SITE_URL
  // stays allowed behind a proxy).
  const { newsletter, env } = servicesFor(context, "newsletter", "env");
  try {
    checkOrigin(request, env.PUBLIC_SITE_URL);
  } catch (error) {
    if (error instanceof ApiError) return data({ refused: true }, { status: 403 });
    throw error;
  }
  const token = tokenOf(request);
  const result = await newsletter.confirm(token);
  if (result === "invalid") return data({ refused: false }, { status: 404 });
  // Post/redirect/get: the page then shows what the link stands for, and a reload posts nothing.
  return redirect(`/newsletter/confirm?token=${encodeURIComponent(token)}`, 303);
}

export const meta = () => [
  { title: `Newsletter confirmation | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.refused) {
    return (
      <StatusPanel icon="alert" tone="warning" heading="We couldn't confirm this">
        <p>
          The request didn't come from this site's confirmation page. Open the link in the e-mail again and
          press the button there.
        </p>
      </StatusPanel>
    );
  }
  const { state } = loaderData;
  if (state === "pending") {
    return (
      <StatusPanel icon="mail" tone="success" heading="Confirm your subscription">
        <p>
          Press the button to get training, nutrition and testosterone tips from {brand.name} at this address.
        </p>
        {/* No action attribute: the form posts to this address, token included. */}
        <form method="post" className="mt-8">
          <button type="submit" className={buttonClass("primary", "lg")}>
            Confirm subscription
          </button>
        </form>
      </StatusPanel>
    );
  }
  if (state === "confirmed") {
    return (
      <StatusPanel icon="check" tone="success" heading="You're subscribed">
        <p>
          Thanks for confirming. Training, nutrition and testosterone tips from {brand.name} are on their way.
        </p>
        <ButtonLink to="/deep-dive" className="mt-8">
          Read the science
        </ButtonLink>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel
      icon="alert"
      tone="warning"
      heading={state === "expired" ? "This link has expired" : "This link doesn't work"}
    >
      <p>
        {state === "expired"
          ? "Confirmation links last 48 hours."
          : "It may have been used already, or it was copied incompletely."}{" "}
        Sign up again from the form at the bottom of any page and we'll send a fresh link.
      </p>
      <Link to="/#newsletter" className={`mt-6 inline-block ${TEXT_LINK}`}>
        Sign up again
      </Link>
    </StatusPanel>
  );
}
