import { redirect } from "react-router";
import { clearedSessionCookie, sessionIdOf } from "~/server/http/admin-cookie.server";
import { ADMIN_HEADERS, adminForm, secureCookies } from "~/server/http/admin-routes.server";
import { ApiError } from "~/server/http/failures.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/admin.sign-out";

/** Signing out: the session is deleted from the database (not only forgotten by this browser). */
export function loader() {
  return redirect("/admin", { headers: ADMIN_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    await adminForm(request, context);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return new Response(error.message, {
      status: error.status,
      headers: { ...ADMIN_HEADERS, ...error.headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  await servicesFor(context, "adminAuth").adminAuth.signOut(sessionIdOf(request));
  return redirect("/admin", {
    status: 303,
    headers: { ...ADMIN_HEADERS, "Set-Cookie": clearedSessionCookie({ secure: secureCookies(context) }) },
  });
}
