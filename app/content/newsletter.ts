/**
 * The footer sign-up's copy. The answer is the same whether an address is new, pending or already
 * confirmed, so the form tells nobody who is on the list.
 */
export const newsletterStatuses = ["subscribed", "invalid", "limited", "error"] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];

export const newsletterMessages: Record<NewsletterStatus, { title: string; description: string }> = {
  subscribed: {
    title: "Check your inbox",
    description:
      "If this address can be subscribed, we've sent a link to confirm it. It expires in 48 hours.",
  },
  invalid: {
    title: "Check your email address",
    description: "Enter a valid email address, like name@example.com.",
  },
  limited: { title: "Too many attempts", description: "Please wait a few minutes and try again." },
  error: {
    title: "Something went wrong",
    description: "We couldn't sign you up just now. Please try again.",
  },
};

export function isNewsletterStatus(value: unknown): value is NewsletterStatus {
  return typeof value === "string" && (newsletterStatuses as readonly string[]).includes(value);
}

/** The query parameter a no-JavaScript sign-up comes back with, and the fragment it lands on. */
export const NEWSLETTER_STATUS_PARAM = "newsletter";
export const NEWSLETTER_ANCHOR = "newsletter";
/** Bots fill every field; people never see this one. */
export const NEWSLETTER_HONEYPOT_FIELD = "website";

/** The one-line status shown under the field (also written into prerendered pages by the server). */
export function newsletterStatusText(status: NewsletterStatus | null): string {
  if (!status) return "";
  const message = newsletterMessages[status];
  return `${message.title}. ${message.description}`;
}
