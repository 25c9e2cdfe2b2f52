/**
 * E-mail address rules shared by the sign-up form and the server: trimmed, at most 254 characters,
 * one @, a dot-atom local part, a domain of letter/digit/hyphen labels with a top-level domain of two
 * or more letters; the domain is lower-cased (the local part may be case-sensitive, so it is kept).
 * Returns the normalised address, or null when it is not a real address. (The newsletter treats
 * addresses that differ only in case as one subscriber: its database compares them lower-cased,
 * docs/decisions/063.)
 */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export const MAX_EMAIL_LENGTH = 254;

export function normalizeEmailAddress(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const trimmed = raw.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_EMAIL_LENGTH) return null;
  const at = trimmed.lastIndexOf("@");
  if (at <= 0 || at !== trimmed.indexOf("@")) return null;
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1).toLowerCase();
  if (local.length > 64 || !LOCAL_PART.test(local)) return null;
  const labels = domain.split(".");
  if (labels.length < 2 || domain.length > 253) return null;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return null;
  if (!/^[a-z]{2,63}$/.test(labels[labels.length - 1] ?? "")) return null;
  return `${local}@${domain}`;
}
