import { z } from "zod";
import { normalizeEmailAddress } from "~/contracts/email-address";
import { CONTACT_LIMITS, type FieldErrors, GUARANTEE_LIMITS, isContactTopic } from "~/contracts/support";
import { hasControlCharacter } from "~/server/text-input.server";

/**
 * The support forms' schemas (issue 17): what `/contact` and `/guarantee` accept, in the words their
 * pages show beside each field. Server-side: the address rule comes from app/lib, which a contract may
 * not import (module-graph test); the fields' limits and topics are the contract's.
 */

/** One line: no control characters (a header can never be split by what a visitor types). */
const oneLine = (max: number, required: string) =>
  z
    .string()
    .trim()
    .min(1, { message: required })
    .max(max, { message: `Keep it under ${max} characters.` })
    .refine((value) => !hasControlCharacter(value), { message: "Use letters, not special characters." });

const email = z.string().transform((value, ctx) => {
  const normalized = normalizeEmailAddress(value);
  if (!normalized) {
    ctx.addIssue({ code: "custom", message: "Enter a valid email address, like name@example.com." });
    return z.NEVER;
  }
  return normalized;
});

/** An order number as shown on receipts ("1042" or "#1042"); kept as digits. */
const orderNumber = z
  .string()
  .trim()
  .max(CONTACT_LIMITS.orderNumber, { message: "Enter the number from your receipt, like 1042." })
  .transform((value) => value.replace(/^#/, "").trim())
  .refine((value) => value === "" || /^\d{1,12}$/.test(value), {
    message: "Enter the number from your receipt, like 1042.",
  });

/** Multi-line text: tabs and newlines allowed, other control characters not. */
const text = (max: number, min = 0, required = "Write a few words.") =>
  z
    .string()
    .trim()
    .max(max, { message: `Keep it under ${max.toLocaleString("en-US")} characters.` })
    .refine((value) => value.length >= min, { message: required })
    .refine((value) => !hasControlCharacter(value, true), { message: "Remove the special characters." });

export const contactInput = z.object({
  name: oneLine(CONTACT_LIMITS.name, "Enter your name."),
  email,
  orderNumber: orderNumber.optional().default(""),
  topic: z.string().refine(isContactTopic, { message: "Choose a topic." }),
  message: text(
    CONTACT_LIMITS.message,
    CONTACT_LIMITS.messageMin,
    `Write at least ${CONTACT_LIMITS.messageMin} characters.`,
  ),
  /** The honeypot: hidden from people, so it is empty unless a bot filled it. */
  website: z.string().max(1_000).optional().default(""),
});

export type ContactInput = z.output<typeof contactInput>;

export const guaranteeInput = z.object({
  orderNumber: orderNumber.refine((value) => value !== "", {
    message: "Enter the number from your receipt, like 1042.",
  }),
  email,
  reason: text(GUARANTEE_LIMITS.reason).optional().default(""),
  website: z.string().max(1_000).optional().default(""),
});

export type GuaranteeInput = z.output<typeof guaranteeInput>;

/** The first message per field of a failed parse. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
