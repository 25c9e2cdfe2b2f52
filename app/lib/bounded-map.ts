/**
 * Sets `key` as the newest entry of `map` (a Map keeps insertion order), then drops the oldest entries
 * beyond `max`: the bound shared by the in-memory caches (the emulators keep their own:
 * sandbox/retention.ts).
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
}
