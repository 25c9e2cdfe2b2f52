import { Link } from "react-router";
import { StatusPanel } from "~/components/sections/status-panel";
import { TEXT_LINK } from "~/components/ui/text-link";
import { brand, support } from "~/content/site";
import type { Route } from "./+types/newsletter.unsubscribe";

/**
 * One-click unsubscribe (issue 7): following the link unsubscribes; mail clients that honour
 * `List-Unsubscribe-Post` (RFC 8058) POST to the same address and get a plain 200.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { result: await context.services.newsletter.unsubscribe(token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await context.services.newsletter.unsubscribe(token);
  return new Response(result === "unsubscribed" ? "Unsubscribed" : "Unknown link", {
    status: result === "unsubscribed" ? 200 : 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export const meta = () => [
  { title: `Unsubscribe | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function NewsletterUnsubscribePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.result === "unsubscribed") {
    return (
      <StatusPanel icon="check" tone="success" heading="You're unsubscribed">
        <p>
          You won't get {brand.name} newsletters at this address any more. Changed your mind? Sign up again
          any time.
        </p>
        <Link to="/" className={`mt-6 inline-block ${TEXT_LINK}`}>
          Return to Home
        </Link>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel icon="alert" tone="warning" heading="This link doesn't work">
      <p>
        It may have been copied incompletely. Write to{" "}
        <a href={`mailto:${support.email}?subject=Unsubscribe`} className={TEXT_LINK}>
          {support.email}
        </a>{" "}
        and we'll take you off the list by hand.
      </p>
      <Link to="/" className={`mt-6 inline-block ${TEXT_LINK}`}>
        Return to Home
      </Link>
    </StatusPanel>
  );
}
