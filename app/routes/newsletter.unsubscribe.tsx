import { data, Link, redirect } from "react-router";
import { StatusPanel } from "~/components/sections/status-panel";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { brand, support } from "~/content/site";
import { readBytesUpTo } from "~/server/http/body.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/newsletter.unsubscribe";

/**
 * The unsubscribe link of every newsletter e-mail (issue 7; issue 15 item 10, docs/decisions/063).
 * GET and HEAD only read (mail scanners fetch links): the page shows a button that posts back here.
 * Mail clients that honour `List-Unsubscribe-Post` (RFC 8058) POST `List-Unsubscribe=One-Click` to the
 * same address from their servers, with no Origin and no cookies, and get a 200 (the page, saying
 * "You're unsubscribed"; no redirect to follow). The token in the address is the only authority, so no
 * Origin is asked for.
 */
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/** The field this page's own button posts; any other POST is answered as RFC 8058's one-click. */
const PAGE_FORM_FIELD = "via";
const PAGE_FORM_VALUE = "page";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { newsletter } = servicesFor(context, "newsletter");
  return { state: await newsletter.subscriptionState(tokenOf(request)) };
}

async function postedFromPage(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return false;
  // The page's form is a few bytes; a longer body is not it (and is not read any further).
  const body = await readBytesUpTo(request, 1024);
  if (body === null) return false;
  return new URLSearchParams(body.toString("utf8")).get(PAGE_FORM_FIELD) === PAGE_FORM_VALUE;
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenOf(request);
  const fromPage = await postedFromPage(request);
  const result = await servicesFor(context, "newsletter").newsletter.unsubscribe(token);
  if (result === "invalid") return data(null, { status: 404 });
  // RFC 8058: answered 200 where it was posted (a mail provider's server follows no redirect).
  if (!fromPage) return data(null, { status: 200 });
  // Post/redirect/get: the page then says "You're unsubscribed", and a reload posts nothing.
  return redirect(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, 303);
}

export const meta = () => [
  { title: `Unsubscribe | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function NewsletterUnsubscribePage({ loaderData }: Route.ComponentProps) {
  const { state } = loaderData;
  if (state === "subscribed") {
    return (
      <StatusPanel icon="mail" tone="success" heading="Unsubscribe from the newsletter">
        <p>Press the button and you won't get {brand.name} newsletters at this address any more.</p>
        {/* No action attribute: the form posts to this address, token included. */}
        <form method="post" className="mt-8">
          <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORM_VALUE} />
          <button type="submit" className={buttonClass("primary", "lg")}>
            Unsubscribe
          </button>
        </form>
        <Link to="/" className={`mt-6 inline-block ${TEXT_LINK}`}>
          Return to Home
        </Link>
      </StatusPanel>
    );
  }
  if (state === "unsubscribed") {
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
