/**
 * Debian's Chromium, as every browser run of this project launches it (Playwright, the screenshot
 * script, Lighthouse): never a downloaded browser; no background traffic, which this machine's closed
 * network would refuse.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
