/**
 * The two support forms (issue 17): the contact form (`/contact`) and the guarantee request
 * (`/guarantee`). Their fields, limits, topics and the sentences they answer with, shared by the
 * pages and the server. Each form works without JavaScript (a plain POST to its page) and with it.
 * No zod here: the pages' components import this module (the schemas are in
 * app/server/support/support-inputs.server.ts).
 */

export const CONTACT_TOPICS = {
  order: "An order or delivery",
  product: "The Enhancer or its ingredients",
  kit: "The test kit or its results",
  guarantee: "A refund or the guarantee",
  privacy: "My personal data (privacy request)",
  other: "Something else",
} as const;

export type ContactTopic = keyof typeof CONTACT_TOPICS;

export const isContactTopic = (value: unknown): value is ContactTopic =>
  typeof value === "string" && Object.hasOwn(CONTACT_TOPICS, value);

export const CONTACT_LIMITS = { name: 100, orderNumber: 20, message: 5_000, messageMin: 10 } as const;
export const GUARANTEE_LIMITS = { reason: 2_000 } as const;

/** What the contact form says once a message is stored: the same for every address. */
export const CONTACT_SENT_MESSAGE = "Thanks, your message is with us, and we reply by e-mail.";

/** A form's field errors, by field name (the first problem of each). */
export type FieldErrors = Partial<Record<string, string>>;

/** What a support form's action answers the page with. */
export type SupportFormResult =
  | { status: "sent"; message: string }
  | { status: "invalid"; errors: FieldErrors; values: Record<string, string> }
  | { status: "refused"; message: string; values: Record<string, string> };
