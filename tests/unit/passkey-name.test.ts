import { describe, expect, it } from "vitest";
import { passkeyName } from "~/server/accounts/passkey-name";

/** Decision 116: a new passkey is named by the browser and system it was added on, and the day. */
const at = new Date("2026-11-28T23:30:00Z");

describe("a passkey's name", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome on Android, Nov 28, 2026",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari on iPhone, Nov 28, 2026",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      "Safari on Mac, Nov 28, 2026",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge on Windows, Nov 28, 2026",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
      "Firefox on Linux, Nov 28, 2026",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android, Nov 28, 2026",
    ],
  ])("%s → %s", (userAgent, name) => {
    expect(passkeyName(userAgent, at)).toBe(name);
  });

  it("says only the day when the browser is unknown or unsaid (the day in UTC)", () => {
    expect(passkeyName(null, at)).toBe("Passkey, Nov 28, 2026");
    expect(passkeyName("curl/8.5.0", at)).toBe("Passkey, Nov 28, 2026");
  });
});
