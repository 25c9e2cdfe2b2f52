import { describe, expect, it } from "vitest";
import { support } from "~/content/site";
import { ACK_OVERALL_PER_HOUR } from "~/server/support/contact.server";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { mailsTo, sleep } from "./checkout-harness";
import { formPoster } from "./order-pages-support";

/**
 * Issue 38 item 2 over HTTP: the contact form's acknowledgement goes to whatever address was typed, so
 * it relays nothing the visitor wrote (neither the message nor the name nor the order number), and the
 * whole site sends at most ACK_OVERALL_PER_HOUR of them, however many addresses and networks post;
 * support still gets every message. Its own shop: the overall count is the site's.
 */
const SUPPORT = support.email;
let lastClient = 0;
const newClient = () => `192.0.2.${++lastClient}`;

describe.each(databaseTargets)("the contact form's acknowledgement on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    ownOrigin: true,
    env: { TRUST_PROXY_HOPS: "1", RATE_LIMIT_MULTIPLIER: "1" },
  });
  const post = formPoster(shop, newClient);
  const contact = (email: string, message: string, client?: string) =>
    post(
      "/contact",
      {
        name: "Cheap Pills Direct",
        email,
        orderNumber: "5551234567",
        topic: "product",
        message,
        website: "",
      },
      { client },
    );

  it("quotes nothing the visitor typed to the address typed, while support gets all of it", async () => {
    const spam = "Buy cheap pills at pills.example today, best prices, click now!";
    expect((await contact("victim@example.com", spam)).status).toBe(200);
    // Support's copy may arrive first (the outbox sends several at once): the one to the address typed.
    await shop.emulators.mail.waitFor((all) => mailsTo(all, "victim@example.com").length === 1);
    const [ack] = mailsTo(shop.emulators.mail.messages(), "victim@example.com");
    expect(ack?.subject).toBe("We have your message | Forge");
    expect(ack?.text).toContain("Didn't write to us?");
    for (const part of [ack?.text ?? "", ack?.html ?? ""]) {
      expect(part).not.toContain("pills.example");
      expect(part).not.toContain("Buy cheap pills");
      expect(part).not.toContain("Cheap Pills Direct");
      expect(part).not.toContain("5551234567");
    }
    const aboutSpam = (all: ReturnType<typeof mailsTo>) =>
      mailsTo(all, SUPPORT).filter((mail) => mail.text?.includes(spam));
    const [toSupport] = aboutSpam(await shop.emulators.mail.waitFor((all) => aboutSpam(all).length === 1));
    expect(toSupport?.text).toContain("From: Cheap Pills Direct <victim@example.com>");
  });

  it(`sends at most ${ACK_OVERALL_PER_HOUR} acknowledgements an hour across addresses and networks`, async () => {
    // Five messages per client (its limit), to a new address each, from as many clients as it takes.
    const total = ACK_OVERALL_PER_HOUR + 10;
    for (let index = 0; index < total; index++) {
      const client = `198.18.0.${Math.floor(index / 5) + 1}`;
      const response = await contact(
        `target${index}@example.com`,
        `Message number ${index} of many.`,
        client,
      );
      expect(response.status).toBe(200);
    }
    // Support gets every one.
    await shop.emulators.mail.waitFor(
      (all) => mailsTo(all, SUPPORT).filter((mail) => mail.text?.includes("of many.")).length === total,
      120_000,
    );
    const acknowledgements = () =>
      shop.emulators.mail
        .messages()
        .filter((mail) => mail.to.some((to) => /^target\d+@example\.com$/.test(to)));
    await shop.emulators.mail.waitFor(() => acknowledgements().length >= ACK_OVERALL_PER_HOUR - 1, 60_000);
    await sleep(1_000);
    const acknowledged = acknowledgements();
    // The first test's acknowledgement counts against the same hour.
    expect(acknowledged).toHaveLength(ACK_OVERALL_PER_HOUR - 1);
  }, 300_000);
});
