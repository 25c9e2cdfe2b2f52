import { describe, expect, it } from "vitest";
import { hashToken } from "~/server/newsletter/newsletter.server";
import { tokenOf, useNewsletterService } from "../support/newsletter-service";

/** The newsletter's time rules with a clock the test moves: expiry after 48 hours, re-sends at most every 10 minutes. */
describe("newsletter service", () => {
  const service = useNewsletterService("2026-11-22T10:00:00Z");
  const { flush, later, pglite } = service;

  it("re-sends the confirmation at most once per 10 minutes", async () => {
    await service.newsletter.subscribe({ email: "a@example.com", sourcePage: "/" });
    await flush();
    later(5);
    await service.newsletter.subscribe({ email: "a@example.com", sourcePage: "/" });
    await flush();
    expect(service.sent).toHaveLength(1);
    later(6);
    await service.newsletter.subscribe({ email: "a@example.com", sourcePage: "/faq" });
    await flush();
    expect(service.sent).toHaveLength(2);
    // The new link replaces the old one.
    expect(await service.newsletter.confirm(tokenOf(service.sent[0]))).toBe("invalid");
    expect(await service.newsletter.confirm(tokenOf(service.sent[1]))).toBe("confirmed");
  });

  it("expires a confirmation link after 48 hours", async () => {
    await service.newsletter.subscribe({ email: "b@example.com", sourcePage: "/" });
    await flush();
    later(48 * 60 + 1);
    expect(await service.newsletter.confirm(tokenOf(service.sent[0]))).toBe("expired");
  });

  it("confirms within 48 hours, once: the link then keeps saying confirmed and changes nothing", async () => {
    await service.newsletter.subscribe({ email: "c@example.com", sourcePage: "/" });
    await flush();
    later(47 * 60);
    const token = tokenOf(service.sent[0]);
    expect(await service.newsletter.confirmationState(token)).toBe("pending");
    expect(await service.newsletter.confirm(token)).toBe("confirmed");
    const confirmedAt = async () =>
      (
        await pglite().query<{ confirmed_at: Date }>(
          "select confirmed_at from newsletter_subscribers where email = 'c@example.com'",
        )
      ).rows[0]?.confirmed_at;
    const first = await confirmedAt();
    later(2 * 60);
    // Past the 48 hours too: a reload of a used link still reads "You're subscribed".
    expect(await service.newsletter.confirmationState(token)).toBe("confirmed");
    expect(await service.newsletter.confirm(token)).toBe("confirmed");
    expect(await confirmedAt()).toEqual(first);
  });

  it("never stores the confirmation token itself", async () => {
    await service.newsletter.subscribe({ email: "d@example.com", sourcePage: "/" });
    await flush();
    const token = tokenOf(service.sent[0]);
    const { rows } = await pglite().query<{ confirm_token_hash: string }>(
      "select confirm_token_hash from newsletter_subscribers where email = 'd@example.com'",
    );
    expect(rows[0]?.confirm_token_hash).toBe(hashToken(token));
  });

  it("lets an unsubscribed address sign up again, with a fresh confirmation", async () => {
    await service.newsletter.subscribe({ email: "e@example.com", sourcePage: "/" });
    await flush();
    const unsubscribeToken = /unsubscribe\?token=([\w-]+)/.exec(service.sent[0]?.text ?? "")?.[1] ?? "";
    expect(await service.newsletter.unsubscribe(unsubscribeToken)).toBe("unsubscribed");
    later(11);
    await service.newsletter.subscribe({ email: "e@example.com", sourcePage: "/" });
    await flush();
    expect(service.sent).toHaveLength(2);
    expect(await service.newsletter.confirm(tokenOf(service.sent[1]))).toBe("confirmed");
  });
});
