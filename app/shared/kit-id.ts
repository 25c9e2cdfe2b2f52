/**
 * Kit IDs (issue 35 item 1; docs/decisions/106-kit-ids-and-their-check-character.md): eleven random
 * symbols of Crockford's base32 alphabet and a twelfth, the Luhn mod N check character over the same
 * alphabet, printed in three groups of four (`7K3M-Q9TX-2HWD`). The check character catches every single
 * mistyped symbol and almost every swap of two neighbours, on the form, before any lookup.
 *
 * Read the way Crockford's scheme reads: any letter case, hyphens and spaces ignored, I and L read as 1,
 * O as 0 (U is not in the alphabet). Pure and browser-safe: the form checks it too.
 */

export const KIT_ID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const N = KIT_ID_ALPHABET.length;
export const KIT_ID_DATA_LENGTH = 11;
export const KIT_ID_LENGTH = KIT_ID_DATA_LENGTH + 1;

const symbolValue = (symbol: string) => KIT_ID_ALPHABET.indexOf(symbol);

/** Luhn mod N: the check character for a run of alphabet symbols. */
export function checkCharacter(data: string): string {
  let factor = 2;
  let sum = 0;
  for (let i = data.length - 1; i >= 0; i--) {
    const code = symbolValue(data[i] as string);
    if (code < 0) throw new Error(`not a kit ID symbol: ${data[i]}`);
    const addend = factor * code;
    factor = factor === 2 ? 1 : 2;
    sum += Math.floor(addend / N) + (addend % N);
  }
  return KIT_ID_ALPHABET[(N - (sum % N)) % N] as string;
}

/** Whether a run of symbols ends in its own check character. */
function checks(symbols: string): boolean {
  let factor = 1;
  let sum = 0;
  for (let i = symbols.length - 1; i >= 0; i--) {
    const addend = factor * symbolValue(symbols[i] as string);
    factor = factor === 2 ? 1 : 2;
    sum += Math.floor(addend / N) + (addend % N);
  }
  return sum % N === 0;
}

/** What was typed, as symbols: upper case, separators gone, I/L → 1, O → 0. */
export function normalizeKitId(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s\-_.]/g, "")
    .replace(/[IL]/g, "1")
    .replace(/O/g, "0");
}

/** Why a typed kit ID cannot be one, before any lookup. */
export type KitIdProblem = "empty" | "length" | "symbols" | "check";

export type KitIdReading = { ok: true; kitId: string } | { ok: false; problem: KitIdProblem };

/** Reads a typed kit ID: its canonical 12 symbols, or what is wrong with it. */
export function readKitId(input: string): KitIdReading {
  const symbols = normalizeKitId(input);
  if (!symbols) return { ok: false, problem: "empty" };
  if ([...symbols].some((symbol) => symbolValue(symbol) < 0)) return { ok: false, problem: "symbols" };
  if (symbols.length !== KIT_ID_LENGTH) return { ok: false, problem: "length" };
  if (!checks(symbols)) return { ok: false, problem: "check" };
  return { ok: true, kitId: symbols };
}

/** A canonical kit ID as printed: `XXXX-XXXX-XXXX`. */
export function formatKitId(kitId: string): string {
  return kitId.match(/.{1,4}/g)?.join("-") ?? kitId;
}

/** A new kit ID from 11 random symbols (`random` gives integers below 32, e.g. from crypto). */
export function makeKitId(randomSymbol: () => number): string {
  let data = "";
  for (let i = 0; i < KIT_ID_DATA_LENGTH; i++) data += KIT_ID_ALPHABET[randomSymbol()];
  return data + checkCharacter(data);
}

/** The example the form and its messages show (a valid ID no batch will hold: batches check theirs against it). */
export const KIT_ID_EXAMPLE = "7K3M-Q9TX-2HWD";

/** What the form says about each problem (the same words on the server and in the browser). */
export const kitIdMessages: Record<KitIdProblem, string> = {
  empty: "Enter the kit ID printed on the card in your kit.",
  length: `A kit ID has 12 letters and digits, like ${KIT_ID_EXAMPLE}. Check it against the card in your kit.`,
  symbols:
    "A kit ID has only the digits 0-9 and the letters A-Z except U. Check it against the card in your kit.",
  check:
    "This kit ID has a typing mistake: its last character does not match the others. Check it against the card in your kit.",
};
