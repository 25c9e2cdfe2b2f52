import { registrationMessages } from "~/content/results";
import { kitIdMessages, readKitId } from "~/shared/kit-id";

/**
 * The registration form's fields read and checked before anything is looked up (issue 35 item 3): the
 * kit ID by its check character, the date of birth as a real calendar date in the past, and the
 * consent ticked. Each mistake is named on its field.
 */

export type RegistrationFields = { kitId: string; dateOfBirth: string; consent: boolean };
export type RegistrationErrors = Partial<Record<"kitId" | "dateOfBirth" | "consent", string>>;

export type RegistrationReading =
  | { ok: true; kitId: string; dateOfBirth: string }
  | { ok: false; errors: RegistrationErrors };

/** A YYYY-MM-DD that names a real day between 1900 and `today` (YYYY-MM-DD). */
export function readDateOfBirth(value: string, today: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  const iso = match[0];
  return year >= 1900 && iso <= today ? iso : null;
}

export function readRegistration(fields: URLSearchParams, today: string): RegistrationReading {
  const errors: RegistrationErrors = {};
  const kit = readKitId(fields.get("kitId") ?? "");
  if (!kit.ok) errors.kitId = kitIdMessages[kit.problem];
  const dateOfBirth = readDateOfBirth(fields.get("dateOfBirth") ?? "", today);
  if (!dateOfBirth) errors.dateOfBirth = registrationMessages.dateOfBirth;
  if (fields.get("consent") !== "yes") errors.consent = registrationMessages.consent;
  if (!kit.ok || !dateOfBirth || errors.consent) return { ok: false, errors };
  return { ok: true, kitId: kit.kitId, dateOfBirth };
}
