import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium";

const base = process.env.BASE ?? "http://127.0.0.1:4401";
const out = "/tmp/signup-shots";
/** A full page in slices of 1,300 px, each readable when shown. */
async function slices(page: import("@playwright/test").Page, name: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()?.width ?? 390;
  for (let y = 0, n = 0; y < height; y += 1300, n++)
    await page.screenshot({
      path: `${out}/${name}-part${n}.png`,
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(1300, height - y) },
    });
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const email = `shot-${Date.now().toString(36)}@example.com`;
try {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/subscribe`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.screenshot({ path: `${out}/subscribe-${width}.png`, fullPage: true });
    if (width === 390) await slices(page, "subscribe-390");
    await page.goto(`${base}/subscribe?weeksOn=12&weeksOff=4&bottles=2`);
    await page.screenshot({ path: `${out}/subscribe-12-4-${width}.png`, fullPage: true });
    if (width === 1280) {
      await page.goto(`${base}/subscribe`);
      const [tab] = await Promise.all([
        context.waitForEvent("page"),
        page.getByRole("button", { name: /^Subscribe:/ }).click(),
      ]);
      await tab.waitForURL(/__sandbox\/stripe/);
      await tab.screenshot({ path: `${out}/stripe-${width}.png`, fullPage: true });
      await tab.getByLabel("Email").fill(email);
      await tab.getByLabel("Card number").fill("4242 4242 4242 4242");
      await tab.getByLabel("Expiry (MM / YY)").fill("12 / 34");
      await tab.getByLabel("CVC").fill("123");
      await tab.getByLabel("Full name").fill("Alex Carter");
      await tab.getByLabel("Address line 1").fill("12 Forge Street");
      await tab.getByLabel("City").fill("Austin");
      await tab.getByLabel("State").selectOption("TX");
      await tab.getByLabel("ZIP code").fill("78701");
      await tab.getByRole("checkbox", { name: /I agree to the terms of sale/ }).check();
      await tab.getByRole("button", { name: /^Pay / }).click();
      await tab.waitForURL(/subscribe\/welcome/);
      await tab.waitForTimeout(500);
      process.stdout.write(`${tab.url()}\n`);
      await tab.screenshot({ path: `${out}/welcome-1280.png`, fullPage: true });
      const mobile = await browser.newContext({ viewport: { width: 390, height: 900 } });
      const m = await mobile.newPage();
      await m.goto(tab.url());
      await m.screenshot({ path: `${out}/welcome-390.png`, fullPage: true });
      await slices(m, "welcome-390");
      await mobile.close();
      // The e-mail, as the mail emulator shows it.
      for (let i = 0; i < 40; i++) {
        const list = (await (await fetch(`${base}/__sandbox/mail/messages.json`)).json()) as {
          messages: { id: string; to: string[]; subject: string; html: string; text: string }[];
        };
        const mail = list.messages.find((m) => m.to.includes(email) && /subscription has started/.test(m.subject));
        if (mail) {
          process.stdout.write(`${mail.subject}\n${mail.text}\n`);
          for (const w of [390, 1280]) {
            const c = await browser.newContext({ viewport: { width: w, height: 900 } });
            const p = await c.newPage();
            await p.setContent(mail.html);
            await p.screenshot({ path: `${out}/email-${w}.png`, fullPage: true });
            if (w === 390) await slices(p, "email-390");
            await c.close();
          }
          break;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
