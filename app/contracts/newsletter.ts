import { z } from "zod";

/**
 * POST /api/newsletter-subscribe: its body, its reply and the two sentences it answers with. Shared
 * by the route and the sign-up form (components/layout/newsletter-form.tsx). Strict: an unknown field
 * is refused.
 */

export const SUBSCRIBED_MESSAGE =
  "Thanks! If this address can be subscribed, a confirmation link is on its way. It expires in 48 hours.";
export const INVALID_EMAIL_MESSAGE = "Enter a valid email address, like name@example.com.";

export const newsletterSubscribeInput = z.strictObject({
  email: z.string().max(1_000),
  /** The honeypot: people never see it, so it is empty unless a bot filled it. */
  website: z.string().max(1_000).optional(),
  /** The page the sign-up came from (a path on this site). */
  source: z.string().max(500).optional(),
});

export type NewsletterSubscribeBody = z.input<typeof newsletterSubscribeInput>;

/** The same answer for a new, pending or confirmed address (the form reveals nobody). */
export type NewsletterSubscribeResponse =
  | { success: true; message: string }
  | { success: false; error: string };
