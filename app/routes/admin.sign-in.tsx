import { AdminFrame, AdminNotice } from "~/components/admin/admin-frame";
import { SignInLinkCard, signInLinkHeading } from "~/components/auth/sign-in-link-card";
import { brand } from "~/content/site";
import { sessionCookie } from "~/server/http/admin-cookie.server";
import {
  ADMIN_HEADERS,
  adminForm,
  adminRouteHeaders,
  limitClient,
  secureCookies,
} from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import { signInLinkAction, signInLinkLoader } from "~/server/http/sign-in-link-route.server";
import type { Route } from "./+types/admin.sign-in";

/**
 * The back office's e-mailed sign-in link (http/sign-in-link-route.server.ts): GET only reads, the
 * button posts, the POST spends the token and opens the session. A link used once, or older than 15
 * minutes, signs no one in.
 */
export const headers = adminRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return signInLinkLoader(request, servicesFor(context, "adminAuth").adminAuth, ADMIN_HEADERS);
}

export async function action({ request, context }: Route.ActionArgs) {
  return signInLinkAction(request, {
    auth: servicesFor(context, "adminAuth").adminAuth,
    headers: ADMIN_HEADERS,
    async guard() {
      await adminForm(request, context);
      await limitClient(context);
    },
    cookie: (session) =>
      sessionCookie(session.sessionId, session.expiresAt, new Date(), { secure: secureCookies(context) }),
    destination: "/admin/orders",
  });
}

export const meta = () => [
  { title: `Back office sign-in | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminSignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  const state = actionData && "state" in actionData ? actionData.state : loaderData.state;
  return (
    <AdminFrame heading={signInLinkHeading(state)}>
      <div className="max-w-lg space-y-6">
        {refusal ? <AdminNotice tone="problem">{refusal.message}</AdminNotice> : null}
        <SignInLinkCard state={state} signsInTo="the back office" newLinkTo="/admin" surface="bg-ink-800" />
      </div>
    </AdminFrame>
  );
}
