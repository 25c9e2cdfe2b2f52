import { Link } from "react-router";
import { StatusPanel } from "~/components/sections/status-panel";
import { ButtonLink } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { brand } from "~/content/site";
import type { Route } from "./+types/newsletter.confirm";

/** The confirmation e-mail's link (issue 7): single use, valid 48 hours. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await context.services.newsletter.confirm(token);
  return { result };
}

export const meta = () => [
  { title: `Newsletter confirmation | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function NewsletterConfirmPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.result === "confirmed") {
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
      heading={loaderData.result === "expired" ? "This link has expired" : "This link doesn't work"}
    >
      <p>
        {loaderData.result === "expired"
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
