import { data, redirect } from "react-router";
import { AdminFrame, AdminNotice } from "~/components/admin/admin-frame";
import { EmailLinkFields } from "~/components/auth/email-link-fields";
import { TEXT_LINK } from "~/components/ui/text-link";
import { brand } from "~/content/site";
import { normalizeEmailAddress } from "~/contracts/email-address";
import { sessionIdOf } from "~/server/http/admin-cookie.server";
import {
  ADMIN_HEADERS,
  adminForm,
  adminRouteHeaders,
  limitClient,
  refusalOf,
} from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/admin";

/**
 * The back office's door (issue 16 item 7): an e-mail address in, a single-use sign-in link out, for
 * the addresses in ADMIN_EMAILS only, and the same answer for every address (the form tells no one who
 * may sign in), sent before anything is done about the address, so it comes as soon for every address
 * too (issue 38 item 4). Limited per client; one live link per address (docs/decisions/090).
 */
export const SENT_MESSAGE =
  "If that address may sign in, a link is on its way, unless an unused one is already in its inbox. Each link works once, for 15 minutes.";

export const headers = adminRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { adminAuth } = servicesFor(context, "adminAuth");
  if (await adminAuth.session(sessionIdOf(request)))
    throw redirect("/admin/orders", { headers: ADMIN_HEADERS });
  return data({ sandboxOperator: adminAuth.sandboxOperator }, { headers: ADMIN_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const fields = await adminForm(request, context);
    await limitClient(context);
    const email = normalizeEmailAddress(fields.get("email"));
    if (!email) return data({ sent: false, invalid: true } as const, { status: 400, headers: ADMIN_HEADERS });
    const { adminAuth } = servicesFor(context, "adminAuth");
    context.afterResponse(() => adminAuth.requestSignIn(email));
    return data({ sent: true, invalid: false } as const, { headers: ADMIN_HEADERS });
  } catch (error) {
    return refusalOf(error);
  }
}

export const meta = () => [
  { title: `Back office sign-in | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** Where the sandbox's e-mails are read (sandbox/mail): the sign-in link arrives there. */
export const SANDBOX_MAIL_PATH = "/__sandbox/mail";

/** In the sandbox without ADMIN_EMAILS: which address signs in, and where its link arrives. */
function SandboxOperatorNote({ address }: { address: string }) {
  return (
    <div
      className="mt-6 rounded-card border border-gold-400/60 p-5 text-ink-100"
      data-testid="sandbox-operator"
    >
      <p className="text-xs font-bold uppercase tracking-wide text-gold-400">Sandbox operator</p>
      <p className="mt-2">
        This sandbox has no <code className="text-white">ADMIN_EMAILS</code>, so its made-up operator address
        signs in: <strong className="break-all text-white">{address}</strong>. The link arrives in the{" "}
        {/* A plain link: the mail sandbox is served by the emulator, not by the app's routes. */}
        <a href={SANDBOX_MAIL_PATH} target="_blank" rel="noreferrer" className={TEXT_LINK}>
          mail sandbox at {SANDBOX_MAIL_PATH}
        </a>
        . With ADMIN_EMAILS set, only those addresses sign in.
      </p>
    </div>
  );
}

export default function AdminSignInRequest({ loaderData, actionData }: Route.ComponentProps) {
  const sandboxOperator = loaderData?.sandboxOperator ?? null;
  const sent = actionData && "sent" in actionData && actionData.sent;
  const invalid = actionData && "invalid" in actionData && actionData.invalid;
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  return (
    <AdminFrame heading="Sign in">
      <div className="max-w-lg">
        {sent ? (
          <AdminNotice tone="info">{SENT_MESSAGE}</AdminNotice>
        ) : refusal ? (
          <AdminNotice tone="problem">{refusal.message}</AdminNotice>
        ) : null}
        {sandboxOperator ? <SandboxOperatorNote address={sandboxOperator} /> : null}
        <form
          method="post"
          className="mt-6 rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8"
          noValidate
        >
          <p className="text-ink-200">
            Enter your e-mail address and we'll send you a link that signs you in. No password needed.
          </p>
          <EmailLinkFields
            id="admin-email"
            defaultValue={sandboxOperator ?? undefined}
            invalid={Boolean(invalid)}
            surface="bg-ink-900"
            className="mt-6"
          />
        </form>
      </div>
    </AdminFrame>
  );
}
