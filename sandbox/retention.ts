/**
 * The emulators run for as long as the server does (`npm start` with no credentials), so what they
 * remember is bounded: the oldest entries go first, as a real provider's logs and lists would page
 * them out of reach. The bounds are far above what any test or a visitor's session looks back at.
 */

/** Appends, then drops the oldest entries beyond `max`. */
export function pushBounded<T>(list: T[], item: T, max: number): void {
  list.push(item);
  if (list.length > max) list.splice(0, list.length - max);
}

export { setBounded } from "../app/lib/bounded-map";
