import { data, redirect } from "react-router";
import type { SignInLinkState } from "~/server/auth/email-link-auth.server";
import { refusalOf } from "./admin-routes.server";

/**
 * The e-mailed sign-in link's page, for the back office and shoppers' accounts alike (decision 107).
 * Mail scanners fetch links, so GET only reads the link's state; the page's button posts back to the
 * same address (token included), and the POST spends the token, opens the session and goes on. A link
 * used once, too old or unknown signs no one in: 410 or 404, and the page says why.
 */
export const signInTokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

type LinkAuth = {
  linkState(token: string): Promise<SignInLinkState>;
  signIn(token: string): Promise<{ sessionId: string; expiresAt: Date } | null>;
};

export async function signInLinkLoader(request: Request, auth: LinkAuth, headers: Record<string, string>) {
  return data({ state: await auth.linkState(signInTokenOf(request)) }, { headers });
}

export type SignInLinkAction = {
  auth: LinkAuth;
  headers: Record<string, string>;
  /** The POST guard and the rate limit: an ApiError they throw is the page's refusal. */
  guard(): Promise<unknown>;
  /** The Set-Cookie value for the session the link opened. */
  cookie(session: { sessionId: string; expiresAt: Date }): string;
  /** Where the signed-in person goes. */
  destination: string;
};

export async function signInLinkAction(request: Request, action: SignInLinkAction) {
  try {
    await action.guard();
  } catch (error) {
    return refusalOf(error);
  }
  const token = signInTokenOf(request);
  const session = await action.auth.signIn(token);
  if (!session) {
    const state = await action.auth.linkState(token);
    return data({ state }, { status: state === "invalid" ? 404 : 410, headers: action.headers });
  }
  throw redirect(action.destination, {
    status: 303,
    headers: { ...action.headers, "Set-Cookie": action.cookie(session) },
  });
}
