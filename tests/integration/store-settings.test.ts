import { describe, expect, it } from "vitest";
import { SANDBOX_OPERATOR_EMAIL } from "~/server/admin/sandbox-operator.server";
import { startServer } from "../../scripts/lib/server-process";
import { type TestShop, useShop } from "../support/shop";
import { eventually, sleep } from "./checkout-harness";
import { formPoster, linkIn, textOf } from "./order-pages-support";

/**
 * Issue 32 items 9, 11 and 16 over HTTP (decision 094): the terms say where Checkout ships and whether
 * it adds sales tax as this server's settings do; the sandbox shows a fictional, labelled company and
 * no placeholder; a live key, or identity settings the build was not made with, stop the start naming
 * the setting; and the sandbox's operator address signs in to the back office by a link that arrives
 * in the mail sandbox, while ADMIN_EMAILS leaves everything as it was.
 */
let lastClient = 40;
const newClient = () => `203.0.113.${++lastClient}`;

type Mail = { to: string[]; subject: string; text: string | null };
/** The messages the server's own mail emulator holds for one address (read as a person would, over HTTP). */
async function mailSandbox(shop: TestShop, address: string): Promise<Mail[]> {
  const response = await fetch(`${shop.origin}/__sandbox/mail/messages.json`);
  const { messages } = (await response.json()) as { messages: Mail[] };
  return messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === address));
}
const pageText = async (shop: TestShop, path: string) => {
  const response = await fetch(`${shop.origin}${path}`);
  expect(response.status, path).toBe(200);
  return textOf(await response.text());
};
/** The terms' section with this id, as visible text. */
const termsSection = (html: string, id: string) => {
  const start = html.indexOf(`id="${id}"`);
  return textOf(html.slice(start, html.indexOf("</section>", start)));
};

describe("the sandbox: default settings, every system emulated in the server", () => {
  const shop = useShop({ inProcessEmulators: true, ownOrigin: true, env: { TRUST_PROXY_HOPS: "1" } });
  const post = formPoster(shop, newClient);

  it("the terms say the US only and no sales tax added, as Checkout's defaults do (item 9)", async () => {
    const html = await (await fetch(`${shop.origin}/legal/terms`)).text();
    expect(termsSection(html, "eligibility")).toContain("We ship to addresses in the United States only.");
    expect(termsSection(html, "prices-and-taxes")).toContain("No sales tax is added at checkout");
    expect(termsSection(html, "prices-and-taxes")).not.toContain("Sales tax is added where it applies");
  });

  it("shows a fictional company, labelled, and no placeholder on the pages that name it (item 11)", async () => {
    for (const path of ["/contact", "/about", "/legal/privacy", "/legal/terms"]) {
      const text = await pageText(shop, path);
      expect(text, path).toContain("Forge Sandbox Company");
      expect(text, path).toContain("Sandbox identity: fictional");
      expect(text, path).not.toMatch(/\[(Company legal name|Street address|State)/);
      expect(text, path).not.toContain("forge.example");
    }
  });

  it("names the sandbox operator on the sign-in page, mails it a link in the mail sandbox, and signs it in (item 16)", async () => {
    const door = await pageText(shop, "/admin");
    expect(door).toContain(`signs in: ${SANDBOX_OPERATOR_EMAIL}`);
    expect(door).toContain("mail sandbox at /__sandbox/mail");
    expect((await post("/admin", { email: SANDBOX_OPERATOR_EMAIL })).status).toBe(200);
    const link = await eventually(async () => {
      const [mail] = await mailSandbox(shop, SANDBOX_OPERATOR_EMAIL);
      return linkIn(mail?.text ?? null, shop.origin, "/admin/sign-in?token=");
    });
    const signedIn = await post(link, {});
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("location")).toBe("/admin/orders");
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const orders = await fetch(`${shop.origin}/admin/orders`, { headers: { cookie }, redirect: "manual" });
    expect(orders.status).toBe(200);
    expect(textOf(await orders.text())).toContain(SANDBOX_OPERATOR_EMAIL);
  });
});

describe("real settings: Checkout ships to the US and Canada with Stripe Tax, ADMIN_EMAILS set", () => {
  const ADMIN = "ops@forge-nutrition.com";
  const shop = useShop({
    inProcessEmulators: true,
    ownOrigin: true,
    env: {
      SHIPPING_COUNTRIES: "US,CA",
      STRIPE_AUTOMATIC_TAX: "true",
      ADMIN_EMAILS: ADMIN,
      TRUST_PROXY_HOPS: "1",
    },
  });
  const post = formPoster(shop, newClient);

  it("the terms follow the settings: both countries, and sales tax added where it applies (item 9)", async () => {
    const html = await (await fetch(`${shop.origin}/legal/terms`)).text();
    expect(termsSection(html, "eligibility")).toContain(
      "We ship to addresses in the United States and Canada only.",
    );
    expect(termsSection(html, "prices-and-taxes")).toContain(
      "Sales tax is added where it applies and is shown on the checkout page before payment.",
    );
  });

  it("the back office is as before: no operator named, and no link for the sandbox's address (item 16)", async () => {
    const door = await pageText(shop, "/admin");
    expect(door).not.toContain(SANDBOX_OPERATOR_EMAIL);
    expect(door).not.toContain("Sandbox operator");
    expect((await post("/admin", { email: SANDBOX_OPERATOR_EMAIL })).status).toBe(200);
    expect((await post("/admin", { email: ADMIN })).status).toBe(200);
    // The listed address's link arrives; by then the operator's would have too.
    await eventually(async () => expect(await mailSandbox(shop, ADMIN)).toHaveLength(1));
    await sleep(300);
    expect(await mailSandbox(shop, SANDBOX_OPERATOR_EMAIL)).toHaveLength(0);
  });
});

/** What a start with `env` said as it exited; a server that started instead is stopped and says so. */
const refusalOf = (env: Record<string, string>) =>
  startServer(env).then(
    async (server) => {
      await server.stop();
      return "started";
    },
    (error: Error) => error.message,
  );

describe("starts the server refuses, naming the setting (item 11)", () => {
  const live = {
    STRIPE_SECRET_KEY: "sk_live_identityTestKey0123456789",
    STRIPE_WEBHOOK_SECRET: "whsec_identityTestSecret0123",
    SMTP_URL: "smtp://127.0.0.1:9",
    SITE_SECRET: "s".repeat(40),
    HEALTH_DATA_KEYS: "test:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
    LAB_INTEGRATIONS: `acme:${"l".repeat(40)}`,
    SHOPIFY_STORE_DOMAIN: "forge-test.myshopify.com",
    SHOPIFY_STOREFRONT_TOKEN: "storefront-token-0123456789",
    MAIL_FROM: "Forge <orders@forge-nutrition.com>",
  };

  it("a live key with the build's sandbox company: each company and support setting", async () => {
    const message = await refusalOf(live);
    expect(message).toContain("server exited with 1");
    for (const variable of [
      "COMPANY_LEGAL_NAME",
      "COMPANY_ADDRESS",
      "COMPANY_GOVERNING_STATE",
      "SUPPORT_EMAIL",
    ])
      expect(message).toContain(`${variable} is required when STRIPE_SECRET_KEY is a live key`);
    expect(message).not.toContain("MAIL_FROM");
  });

  it("a live key with the sandbox's sender address: MAIL_FROM", async () => {
    const { MAIL_FROM: _, ...withDefaultSender } = live;
    const message = await refusalOf(withDefaultSender);
    expect(message).toContain(
      "MAIL_FROM must be your own sender address when STRIPE_SECRET_KEY is a live key",
    );
  });

  it("a company setting this build was not made with: the pages would not show it", async () => {
    const message = await refusalOf({ COMPANY_LEGAL_NAME: "Forge Nutrition LLC" });
    expect(message).toContain("COMPANY_LEGAL_NAME is set, but this build was made without it");
  });
});
