/**
 * Review moderation by rule, never by sentiment (issue 18 item 3, docs/decisions/081-review-moderation-by-rule.md).
 * A review is published unless one of these rules holds it for a person to look at:
 *
 * - `profanity`: a word from a short list of swear words and slurs;
 * - `personal_data`: a phone number or an e-mail address (the reviewer's or someone else's);
 * - `link`: a web address (`http…`, `www.`, or a bare domain such as `example.com`);
 * - `disease_claim`: words that say the product diagnoses, treats, cures or prevents a disease, which a
 *   dietary supplement may not claim (DSHEA, 21 U.S.C. 343(r)(6)): "cured", "treats my", "diagnosed",
 *   "disease", erectile dysfunction, low T as something fixed, a prescription replaced.
 *
 * The stars and the tone play no part: a one-star review that breaks no rule is published like a
 * five-star one, and the rules hold a five-star review exactly as they hold a one-star review. The rules
 * read words, not meaning, so they hold some reviews that are fine ("it did not cure anything"); a person
 * publishes those. Pure: no I/O, the same answer for the same text.
 */

export const moderationReasons = ["profanity", "personal_data", "link", "disease_claim"] as const;
export type ModerationReason = (typeof moderationReasons)[number];

/** What a rule found, for the person who decides (the back office shows it). */
export type ModerationFinding = { reason: ModerationReason; match: string };

export type ModerationResult = {
  /** "published" when no rule holds the review, otherwise "held". */
  status: "published" | "held";
  /** The rules that held it, each once, in the order of `moderationReasons`; empty when published. */
  reasons: ModerationReason[];
  findings: ModerationFinding[];
};

/** The parts of a review the rules read. */
export type ModeratedText = { title?: string | null; body: string; displayName?: string | null };

/**
 * Swear words and slurs, whole words only (so "Scunthorpe", "class" or "cocktail" pass). A `*` or a
 * digit standing for a vowel is read as the vowel ("f*ck", "sh1t").
 */
const PROFANITY = [
  /\bf[u*]ck\w*/,
  /\bmotherf[u*]ck\w*/,
  /\bsh[i*]t(?:s|ty|ting|ter|head)?\b/,
  /\bbullsh[i*]t\b/,
  /\bb[i*]tch(?:es|y|ing)?\b/,
  /\bc[u*]nts?\b/,
  /\ba(?:ss|rse)holes?\b/,
  /\bdickheads?\b/,
  /\bbastards?\b/,
  /\bwank(?:er|ers|ing)?\b/,
  /\btwats?\b/,
  /\bsluts?\b/,
  /\bwhores?\b/,
  /\bretard(?:s|ed)?\b/,
  /\bfaggots?\b/,
  /\bn[i*]gg(?:er|a)s?\b/,
];

// Every repeat is bounded (an address part 64, a DNS label 63): a hostile 5,000-character text takes
// milliseconds, not the quadratic time an unbounded `[\w.]+` before a literal can take.
const EMAIL = /[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/;
/** "name (at) gmail (dot) com" and the like. */
const SPELLED_EMAIL =
  /\b[\w.+-]{1,64}\s{0,3}[([]\s{0,3}at\s{0,3}[)\]]\s{0,3}[\w-]{1,63}\s{0,3}(?:\.|[([]\s{0,3}dot\s{0,3}[)\]])\s{0,3}[a-z]{2,10}\b/;
/**
 * A phone-shaped run: an optional +country code, then groups of digits split by at most one space, dot
 * or dash (or an area code in brackets). It is a phone number when it has 10 to 15 digits, so dates
 * (2026-11-25), doses (2 capsules, 90 days) and prices pass.
 */
const PHONE_SHAPED =
  /(?<![\w.])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]?\d{2,4}){1,4}(?![\w])/g;

const URL = /\bhttps?:\/\/\S{1,200}/;
const WWW = /\bwww\.\S{1,200}/;
const BARE_DOMAIN =
  /\b[a-z0-9][a-z0-9-]{0,62}\.(?:com|net|org|io|co|us|info|biz|shop|store|me|ly|xyz|site|online|app|link)\b(?:\/\S{0,200})?/;

/** What a supplement may not claim; worded as reviews word it. */
const DISEASE_CLAIMS = [
  /\bcur(?:e|ed|es|ing)\b/,
  /\btreat(?:s|ed|ing)?\s+(?:my|his|her|their|our|the)\b/,
  /\btreatment\s+for\b/,
  /\bdiagnos\w*/,
  /\bdiseases?\b/,
  /\berectile\s+dysfunction\b/,
  /\bimpoten(?:ce|t)\b/,
  /\bhypogonadism\b/,
  /\binfertil(?:e|ity)\b/,
  /\bheal(?:s|ed)?\s+(?:my|his|her|their|our|the)\b/,
  /\bprescriptions?\s+(?:replaced|replacement)\b/,
  /\breplaced\s+(?:my\s+)?(?:prescriptions?|meds|medications?|trt|testosterone\s+therapy)\b/,
  /\binstead\s+of\s+(?:my\s+)?(?:prescriptions?|meds|medications?|trt)\b/,
  /\b(?:off|quit|stopped(?:\s+taking)?)\s+(?:my\s+)?(?:prescriptions?|meds|medications?|trt)\b/,
];

/** "low T" (or low testosterone) near a word that makes it something fixed, in either order. */
const LOW_T = /\blow[\s-]?(?:t|testosterone)\b/;
const FIXED =
  /\b(?:cur(?:e|ed|es)|fix(?:ed|es)?|reversed?|solved?|beat|eliminated?|got\s+rid\s+of|no\s+more|gone|treat(?:s|ed)?)\b/;
const NEAR = 40;

function lowTFixed(text: string): string | null {
  for (const low of text.matchAll(new RegExp(LOW_T, "g"))) {
    const start = Math.max(0, low.index - NEAR);
    const end = Math.min(text.length, low.index + low[0].length + NEAR);
    const around = text.slice(start, end);
    const fixed = FIXED.exec(around);
    if (fixed) return around.trim();
  }
  return null;
}

function phoneNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(PHONE_SHAPED)) {
    const digits = match[0].replace(/\D/g, "").length;
    if (digits >= 10 && digits <= 15) found.push(match[0].trim());
  }
  return found;
}

/** Reads the review's title, text and display name; decides published or held, and why. */
export function moderate(review: ModeratedText): ModerationResult {
  const text = [review.displayName, review.title, review.body]
    .filter((part): part is string => typeof part === "string" && part !== "")
    .join("\n")
    .normalize("NFKC")
    .toLowerCase();
  // Digits standing for vowels in a swear word ("sh1t", "f0ck"): read only for that rule.
  const deLeeted = text.replace(/[1!|]/g, "i").replace(/0/g, "o").replace(/@/g, "a").replace(/\$/g, "s");
  const findings: ModerationFinding[] = [];
  const add = (reason: ModerationReason, match: string | undefined | null) => {
    if (match) findings.push({ reason, match });
  };

  for (const word of PROFANITY) add("profanity", (word.exec(text) ?? word.exec(deLeeted))?.[0]);
  add("personal_data", EMAIL.exec(text)?.[0]);
  add("personal_data", SPELLED_EMAIL.exec(text)?.[0]);
  for (const phone of phoneNumbers(text)) add("personal_data", phone);
  // An e-mail address's domain is not also a link.
  const withoutEmails = text.replace(new RegExp(EMAIL, "g"), " ");
  add(
    "link",
    URL.exec(withoutEmails)?.[0] ?? WWW.exec(withoutEmails)?.[0] ?? BARE_DOMAIN.exec(withoutEmails)?.[0],
  );
  for (const claim of DISEASE_CLAIMS) add("disease_claim", claim.exec(text)?.[0]);
  add("disease_claim", lowTFixed(text));

  const reasons = moderationReasons.filter((reason) => findings.some((finding) => finding.reason === reason));
  return { status: reasons.length === 0 ? "published" : "held", reasons, findings };
}
