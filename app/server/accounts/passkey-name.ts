import { formatDay } from "~/shared/dates";

/**
 * What the account page calls a new passkey (decision 116): the browser and the system it was added
 * on, read from the User-Agent, and the day ("Chrome on Android, Nov 28, 2026"). Only a name for its
 * owner to tell one from another: nothing checks it.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/OPR\//, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "Mac"],
  [/Windows/, "Windows"],
  [/Linux/, "Linux"],
];

const firstMatch = (table: [RegExp, string][], userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

export function passkeyName(userAgent: string | null, at: Date): string {
  const agent = userAgent ?? "";
  const browser = firstMatch(BROWSERS, agent);
  const system = firstMatch(SYSTEMS, agent);
  const device = browser && system ? `${browser} on ${system}` : (browser ?? system ?? "Passkey");
  return `${device}, ${formatDay(at)}`;
}
