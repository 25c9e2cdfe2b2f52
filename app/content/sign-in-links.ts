/**
 * What a sign-in link's page says when the link cannot sign anyone in, for the back office and the
 * shoppers' accounts alike (one mechanism: app/server/auth/email-link-auth.server.ts).
 */
export const signInLinkProblems = {
  used: ["This link has been used", "Each sign-in link works once."],
  expired: ["This link has expired", "Sign-in links work for 15 minutes."],
  invalid: ["This link doesn't work", "It may have been copied incompletely."],
} as const;

/** Said after any of them, beside the way to a new link. */
export const signInLinkAgain = "Ask for a new one and use it within 15 minutes.";
