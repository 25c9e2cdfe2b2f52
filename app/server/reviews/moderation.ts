import { type CountryCode, findNumbers, type NumberFound } from "libphonenumber-js/max";
import { parse as parseHost } from "tldts";
import { textForMatching } from "./matching-text";

/**
 * Review moderation by rule, never by sentiment (issue 18 item 3, docs/decisions/081-review-moderation-by-rule.md).
 * A review is published unless one of these rules holds it for a person to look at:
 *
 * - `profanity`: a word from a short list of swear words and slurs;
 * - `personal_data`: a phone number (any a phone could dial, found by libphonenumber, US by default) or
 *   an e-mail address (the reviewer's or someone else's);
 * - `link`: a web address (`http…`, `www.`, or a bare domain under any public suffix: `example.com`,
 *   `pills.ru`, `discord.gg`; the public suffix list as `tldts` ships it);
 * - `disease_claim`: words that say the product diagnoses, treats, cures or prevents a disease, which a
 *   dietary supplement may not claim (DSHEA, 21 U.S.C. 343(r)(6)): "cured", "treats my", "diagnosed",
 *   "disease", erectile dysfunction, low T as something fixed, a prescription replaced.
 *
 * The stars and the tone play no part: a one-star review that breaks no rule is published like a
 * five-star one, and the rules hold a five-star review exactly as they hold a one-star review. The rules
 * read words, not meaning, so they hold some reviews that are fine ("it did not cure anything"); a person
 * publishes those. Pure: no I/O, the same answer for the same text.
 *
 * The rules read the text as a reader sees it (`textForMatching`, docs/decisions/089): invisible
 * characters removed, look-alike letters folded to Latin, separators collapsed.
 */

export const moderationReasons = ["profanity", "personal_data", "link", "disease_claim"] as const;
export type ModerationReason = (typeof moderationReasons)[number];

/**
 * Held for a person beyond the rules: the author changed a review a person had rejected. A person's
 * decision stands until a person makes another (decision 089).
 */
export const EDITED_AFTER_REJECTION = "edited_after_rejection";

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
const URL = /\bhttps?:\/\/\S{1,200}/;
const WWW = /\bwww\.\S{1,200}/;
/**
 * A host name's shape: two to ten dot-separated labels of letters, digits and dashes (a label 63 at
 * most), not part of a longer word or number. It is a domain when its ending is a public suffix.
 */
const HOST_SHAPED =
  /(?<![\w.@-])[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?){1,9}(?![\w@-]|\.[a-z0-9])/g;

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

/**
 * `findNumbers` with its matcher's `leniency` option (PhoneNumberMatcher's documented parameter: "POSSIBLE"
 * finds a number of a length a phone could dial, "VALID" only a number assigned today), which the
 * package's type declarations leave out. A test holds "555/123/4567" (possible, not assigned).
 */
const findPossibleNumbers = findNumbers as unknown as (
  text: string,
  options: { defaultCountry: CountryCode; leniency: "POSSIBLE" | "VALID"; v2: true },
) => NumberFound[];

/**
 * Phone numbers as libphonenumber finds them in text: any number of a plausible length for its country
 * (US when it has no +country code), however its groups are split (spaces, dots, dashes, slashes,
 * brackets). Dates, doses, prices and short numbers are not numbers a phone dials.
 */
function phoneNumbers(text: string): string[] {
  return findPossibleNumbers(text, { defaultCountry: "US", leniency: "POSSIBLE", v2: true }).map((found) =>
    text.slice(found.startsAt, found.endsAt),
  );
}

/** The first host name in the text whose ending is on the public suffix list (ICANN's part). */
function bareDomain(text: string): string | undefined {
  for (const candidate of text.matchAll(HOST_SHAPED)) {
    const host = parseHost(candidate[0], { allowPrivateDomains: false });
    if (host.isIcann && host.domain !== null && !host.isIp) return candidate[0];
  }
  return undefined;
}

/** Reads the review's title, text and display name; decides published or held, and why. */
export function moderate(review: ModeratedText): ModerationResult {
  const text = [review.displayName, review.title, review.body]
    .filter((part): part is string => typeof part === "string" && part !== "")
    .join("\n");
  return moderateText(textForMatching(text));
}

function moderateText(text: string): ModerationResult {
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
  add("link", URL.exec(withoutEmails)?.[0] ?? WWW.exec(withoutEmails)?.[0] ?? bareDomain(withoutEmails));
  for (const claim of DISEASE_CLAIMS) add("disease_claim", claim.exec(text)?.[0]);
  add("disease_claim", lowTFixed(text));

  const reasons = moderationReasons.filter((reason) => findings.some((finding) => finding.reason === reason));
  return { status: reasons.length === 0 ? "published" : "held", reasons, findings };
}
