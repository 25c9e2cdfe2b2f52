import { redirect } from "react-router";
import { accountCookie } from "~/server/http/account-cookie.server";
import { ACCOUNT_HEADERS, accountForm, secureAccountCookie } from "~/server/http/account-routes.server";
import { ApiError } from "~/server/http/failures.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/account.sign-out";

/** Signing out: the session is deleted from the database (not only forgotten by this browser). */
export function loader() {
  return redirect("/account", { headers: ACCOUNT_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    await accountForm(request, context);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return new Response(error.message, {
      status: error.status,
      headers: { ...ACCOUNT_HEADERS, ...error.headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  await servicesFor(context, "shopperAuth").shopperAuth.signOut(accountCookie.read(request));
  return redirect("/account", {
    status: 303,
    headers: { ...ACCOUNT_HEADERS, "Set-Cookie": accountCookie.clear(secureAccountCookie(context)) },
  });
}
