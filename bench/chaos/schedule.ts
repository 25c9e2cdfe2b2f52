/**
 * The chaos run's fault schedule: a pure function of the seed, the run's length and its profile, so a
 * run that found something can be repeated with the same CHAOS_SEED. The load runs for the whole run;
 * faults only inside the fault window, between a quiet lead (the "before" figures) and a quiet tail
 * (the "after" figures).
 *
 * Profiles: "full" is the schedule (`npm run chaos`); "short" is the one `npm test` runs
 * (tests/chaos/, decision 134): a few instance kills, one database freeze and the cheap faults of the
 * outside systems, each short, in a window of about a minute.
 */

export type FaultKind =
  | "kill" /** SIGKILL one instance, restart it at once */
  | "deploy" /** SIGTERM one instance (a deploy replacing it), restart it once it has exited */
  | "rolling-restart" /** SIGTERM each instance in turn, restarting each before the next */
  | "postgres-freeze" /** the database's connections deliver nothing either way */
  | "redis-restart" /** Redis stopped, started again (empty) */
  | "shopify-failing" /** the Admin API answers 503 */
  | "shopify-slow" /** every Shopify call answers late */
  | "smtp-refusing" /** the mail server greets every connection with 421 */
  | "stripe-disorder" /** webhooks duplicated and out of order */;

export type ScheduledFault = {
  kind: FaultKind;
  /** Seconds from the start of the load. */
  at: number;
  /** How long it lasts (0: an instant, its recovery measured afterwards). */
  seconds: number;
  /** The instance (1-3) a kill hits. */
  instance?: number;
};

export type Schedule = {
  seed: number;
  totalSeconds: number;
  window: { start: number; end: number };
  faults: ScheduledFault[];
};

export type ScheduleProfile = "full" | "short";

/** mulberry32: a small seeded generator, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The durations; on a run too short for them, at most a third of the fault window. */
const FULL = { freeze: 10, redisDown: 5, minuteLong: 60, killEvery: 30 };

export function buildSchedule(
  seed: number,
  totalSeconds: number,
  profile: ScheduleProfile = "full",
): Schedule {
  if (profile === "short") return buildShortSchedule(seed, totalSeconds);
  const random = seededRandom(seed);
  const quiet = Math.round(Math.min(60, Math.max(10, totalSeconds * 0.15)));
  const window = { start: quiet, end: totalSeconds - quiet };
  const length = window.end - window.start;
  const minuteLong = Math.min(FULL.minuteLong, Math.floor(length / 3));
  const freeze = Math.min(FULL.freeze, Math.max(3, Math.floor(length / 6)));
  const faults: ScheduledFault[] = [];
  // A placed fault starts anywhere it still ends inside the window.
  const place = (kind: FaultKind, seconds: number) => {
    const latest = Math.max(window.start, window.end - seconds);
    faults.push({ kind, at: Math.round(window.start + random() * (latest - window.start)), seconds });
  };
  for (let at = window.start + 5; at < window.end - 5; at += FULL.killEvery) {
    faults.push({ kind: "kill", at, seconds: 0, instance: 1 + Math.floor(random() * 3) });
  }
  // A rolling restart of three instances takes a while; it is placed in the window's first half.
  const rollingAt = Math.round(window.start + random() * Math.max(0, length / 2 - 10));
  faults.push({ kind: "rolling-restart", at: rollingAt, seconds: 0 });
  place("postgres-freeze", freeze);
  place("postgres-freeze", freeze);
  place("redis-restart", FULL.redisDown);
  place(random() < 0.5 ? "shopify-failing" : "shopify-slow", minuteLong);
  place("smtp-refusing", minuteLong);
  place("stripe-disorder", minuteLong);
  faults.sort((a, b) => a.at - b.at);
  return { seed, totalSeconds, window, faults };
}

/**
 * The short run's schedule: three instance faults spread over the window (two SIGKILLs, one SIGTERM,
 * each on an instance picked at random), one database freeze of 6 s, Redis restarted, and Shopify
 * failing, SMTP refusing and Stripe's deliveries in disorder for a quarter of the window each. The
 * tail is longer than the lead: the last checkouts and refunds finish while nothing is broken.
 */
function buildShortSchedule(seed: number, totalSeconds: number): Schedule {
  const random = seededRandom(seed);
  const window = { start: 10, end: Math.max(30, totalSeconds - 15) };
  const length = window.end - window.start;
  const faults: ScheduledFault[] = [];
  const place = (kind: FaultKind, seconds: number) => {
    const latest = Math.max(window.start, window.end - seconds);
    faults.push({ kind, at: Math.round(window.start + random() * (latest - window.start)), seconds });
  };
  const third = length / 3;
  (["kill", "deploy", "kill"] as const).forEach((kind, i) => {
    // Somewhere in each third of the window, at least 3 s from its edges.
    const at = window.start + i * third + 3 + random() * Math.max(0, third - 6);
    faults.push({ kind, at: Math.round(at), seconds: 0, instance: 1 + Math.floor(random() * 3) });
  });
  place("postgres-freeze", 6);
  place("redis-restart", 3);
  const quarter = Math.max(5, Math.floor(length / 4));
  place("shopify-failing", quarter);
  place("smtp-refusing", quarter);
  place("stripe-disorder", quarter);
  faults.sort((a, b) => a.at - b.at);
  return { seed, totalSeconds, window, faults };
}
