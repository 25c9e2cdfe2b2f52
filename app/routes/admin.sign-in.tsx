import { data, Link, redirect } from "react-router";
import { AdminFrame, AdminNotice } from "~/components/admin/admin-frame";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { signInLinkAgain, signInLinkProblems } from "~/content/sign-in-links";
import { brand } from "~/content/site";
import { sessionCookie } from "~/server/http/admin-cookie.server";
import {
  ADMIN_HEADERS,
  adminForm,
  adminRouteHeaders,
  limitClient,
  refusalOf,
  secureCookies,
} from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/admin.sign-in";

/**
 * The e-mailed sign-in link. Mail scanners fetch links, so GET only reads: a usable link shows a button
 * that posts back here (a plain form, no JavaScript needed), and the POST spends the token and opens the
 * session. A link used once, or older than 15 minutes, signs no one in.
 */
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export const headers = adminRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await servicesFor(context, "adminAuth").adminAuth.linkState(tokenOf(request));
  return data({ state }, { headers: ADMIN_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    await adminForm(request, context);
    await limitClient(context);
  } catch (error) {
    return refusalOf(error);
  }
  const token = tokenOf(request);
  const { adminAuth } = servicesFor(context, "adminAuth");
  const session = await adminAuth.signIn(token);
  if (!session) {
    const state = await adminAuth.linkState(token);
    return data({ state }, { status: state === "invalid" ? 404 : 410, headers: ADMIN_HEADERS });
  }
  const cookie = sessionCookie(session.sessionId, session.expiresAt, new Date(), {
    secure: secureCookies(context),
  });
  throw redirect("/admin/orders", { status: 303, headers: { ...ADMIN_HEADERS, "Set-Cookie": cookie } });
}

export const meta = () => [
  { title: `Back office sign-in | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminSignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  const state = actionData && "state" in actionData ? actionData.state : loaderData.state;
  if (state === "valid") {
    return (
      <AdminFrame heading="Sign in">
        <div className="max-w-lg">
          {refusal ? <AdminNotice tone="problem">{refusal.message}</AdminNotice> : null}
          <div className="mt-6 rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8">
            <p className="text-ink-200">Press the button to sign in to the back office on this device.</p>
            {/* No action attribute: the form posts to this address, token included. */}
            <form method="post" className="mt-6">
              <button type="submit" className={buttonClass("primary", "md")}>
                Sign in
              </button>
            </form>
          </div>
        </div>
      </AdminFrame>
    );
  }
  const [heading, reason] = signInLinkProblems[state];
  return (
    <AdminFrame heading={heading}>
      <div className="max-w-lg rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8">
        <p className="text-ink-200">
          {reason} {signInLinkAgain}
        </p>
        <Link to="/admin" className={`mt-6 inline-block ${TEXT_LINK}`}>
          Get a new sign-in link
        </Link>
      </div>
    </AdminFrame>
  );
}
