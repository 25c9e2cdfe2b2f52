import { passkeySignInInput } from "~/server/accounts/passkey-inputs.server";
import { accountCookie } from "~/server/http/account-cookie.server";
import { ACCOUNT_HEADERS, secureAccountCookie } from "~/server/http/account-routes.server";
import { apiAction } from "~/server/http/api-action.server";
import { apiErrorResponse, apiJson, methodNotAllowed } from "~/server/http/failures.server";
import { servicesFor } from "~/server/http/route-services.server";

/**
 * Signing in with a passkey (decision 116), in two JSON calls from /account: a challenge
 * (`{step:"options"}`), then the authenticator's answer (`{step:"verify", response, next}`), which
 * opens the same session, in the same cookie, as an e-mailed link. This site's pages only; limited per
 * client like the link's form.
 */
export const PASSKEY_REFUSED =
  "That passkey didn't sign you in. Try again, or e-mail yourself a sign-in link.";

export const loader = methodNotAllowed;

export const action = apiAction({
  rateLimit: "passkey",
  checkOrigin: true,
  input: passkeySignInInput,
  async handler({ input, context }) {
    const { passkeys } = servicesFor(context, "passkeys");
    if (input.step === "options") return { success: true, options: await passkeys.signInOptions() };
    const session = await passkeys.signIn(input.response);
    if (!session) return apiErrorResponse(400, PASSKEY_REFUSED, ACCOUNT_HEADERS);
    const cookie = accountCookie.set(
      session.sessionId,
      session.expiresAt,
      new Date(),
      secureAccountCookie(context),
    );
    return apiJson(
      { success: true, next: input.next },
      { headers: { ...ACCOUNT_HEADERS, "Set-Cookie": cookie } },
    );
  },
});
