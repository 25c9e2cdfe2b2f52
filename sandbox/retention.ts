/**
 * The emulators run for as long as the server does (`npm start` with no credentials), so what they
 * remember is bounded: the oldest entries go first, as a real provider's logs and lists would page
 * them out of reach. The bounds are far above what any test or a visitor's session looks back at.
 * The emulators' own (they share no logic with app/: decision 064).
 */

/**
 * Appends, then drops the oldest entries beyond `max`. With `shift`, not `splice(0, n)`: V8 drops an
 * array's first element in constant time (it moves the array's start), where `splice` copies all the
 * rest, which at a full log of thousands of entries was 4 % of the Stripe emulator's CPU per request.
 */
export function pushBounded<T>(list: T[], item: T, max: number): void {
  list.push(item);
  while (list.length > max) list.shift();
}

/**
 * Puts `key` last in `map` (a Map iterates in insertion order, so a key set again counts as new),
 * then removes keys from the front while there are more than `max`.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) return;
    map.delete(oldest);
  }
}
