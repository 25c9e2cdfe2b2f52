import { passkeyRegistrationInput } from "~/server/accounts/passkey-inputs.server";
import { accountCookie } from "~/server/http/account-cookie.server";
import { shopperOf } from "~/server/http/account-routes.server";
import { apiAction } from "~/server/http/api-action.server";
import { ApiError, apiErrorResponse, methodNotAllowed } from "~/server/http/failures.server";
import { servicesFor } from "~/server/http/route-services.server";

/**
 * Adding a passkey to the signed-in account (decision 116), in two JSON calls from /account: a
 * challenge (`{step:"options"}`), then the authenticator's answer (`{step:"verify", response}`).
 * Signed in only (401); this site's pages only (403); limited per client.
 */
export const loader = methodNotAllowed;

export const action = apiAction({
  rateLimit: "passkey",
  checkOrigin: true,
  input: passkeyRegistrationInput,
  async authorize({ request, context }) {
    if (!(await shopperOf(request, context))) throw new ApiError(401, "Sign in first.");
  },
  async handler({ input, request, context }) {
    const { passkeys, shopperAuth } = servicesFor(context, "passkeys", "shopperAuth");
    const owner = await shopperAuth.session(accountCookie.read(request));
    if (!owner) throw new ApiError(401, "Sign in first.");
    if (input.step === "options")
      return { success: true, options: await passkeys.registrationOptions(owner) };
    const added = await passkeys.register(owner, input.response, request.headers.get("user-agent"));
    if (!added) return apiErrorResponse(400, "This passkey could not be added. Please try again.");
    return { success: true, passkey: { id: added.id, name: added.name } };
  },
});
