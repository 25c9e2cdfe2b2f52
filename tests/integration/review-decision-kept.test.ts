import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { adminSignIn, formPoster, textOf } from "./order-pages-support";
import { invitedLink } from "./review-support";

/**
 * Issue 38 item 1 over HTTP (decision 089): a person's decision on a review stays in force when its
 * author edits it. The author writes through the invitation's link (the form, as a browser without
 * JavaScript posts it); the operator decides in the back office (`/admin/reviews`); the author edits.
 * A rejected review goes back to the queue, never published by the edit; a review published after a
 * hold stays published while the rules find nothing new, and is held again when they do.
 */
const ADMIN = "ops@forge.example";
let lastClient = 10;
const newClient = () => `198.51.100.${++lastClient}`;

type Stored = {
  id: string;
  status: string;
  held_reasons: string[];
  moderation_note: string | null;
  moderated_by: string | null;
  published_at: string | null;
};

describe.each(databaseTargets)("an author's edit after a person's decision on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    ownOrigin: true,
    env: {
      ADMIN_EMAILS: ADMIN,
      REVIEW_INVITE_DAYS: "0",
      REVIEW_INVITE_POLL_SECONDS: "1",
      TRUST_PROXY_HOPS: "1",
      RATE_LIMIT_MULTIPLIER: "20",
    },
  });
  const post = formPoster(shop, newClient);
  const review = (body: string, rating = "1") => ({
    rating,
    title: "Honest take",
    body,
    displayName: "Lee P.",
  });
  const reviewOf = async (sessionId: string) => {
    const [row] = await shop.store.query<Stored>(
      `select r.id, r.status, r.held_reasons, r.moderation_note, r.moderated_by, r.published_at
           from reviews r join orders o on o.id = r.order_id where o.stripe_session_id = $1`,
      [sessionId],
    );
    if (!row) throw new Error("no review for the order");
    return row;
  };
  const decide = (cookie: string, id: string, intent: "publish" | "reject", note: string) =>
    post("/admin/reviews", { intent, reviewId: id, note }, { cookie });
  const publicReviews = async () => textOf(await (await fetch(`${shop.origin}/reviews`)).text());

  it("sends an edit of a rejected review back to the queue, not to the site", async () => {
    const { link, sessionId } = await invitedLink(shop, "kept.rejected@example.com");
    const written = await post(link, review("Cured my fatigue, and I think it helps my heart disease too."));
    expect(textOf(await written.text())).toContain("for a quick check by a person");
    const held = await reviewOf(sessionId);
    expect(held).toMatchObject({ status: "held", held_reasons: ["disease_claim"] });

    const cookie = await adminSignIn(shop, post, ADMIN);
    expect((await decide(cookie, held.id, "reject", "A disease claim, twice.")).status).toBe(303);
    expect(await reviewOf(sessionId)).toMatchObject({ status: "rejected", moderated_by: ADMIN });

    // The author edits it into words no rule holds: it waits for a person, it is not published.
    const edited = await post(
      link,
      review("Felt a little more energetic after six weeks, nothing more.", "3"),
    );
    expect(edited.status).toBe(200);
    const thanks = textOf(await edited.text());
    expect(thanks).not.toContain("saved and published");
    expect(thanks).toContain("for a quick check by a person");
    const queued = await reviewOf(sessionId);
    expect(queued).toMatchObject({
      status: "held",
      held_reasons: ["edited_after_rejection"],
      published_at: null,
    });
    expect(await publicReviews()).not.toContain("Felt a little more energetic after six weeks");

    // The operator sees it in the queue, with why it is there, and decides again.
    const admin = await (
      await fetch(`${shop.origin}/admin/reviews`, { headers: { cookie }, redirect: "manual" })
    ).text();
    const queue = admin.slice(
      admin.indexOf('data-testid="held-reviews"'),
      admin.indexOf('data-testid="all-reviews"'),
    );
    expect(queue).toContain(`id="queue-${queued.id}"`);
    expect(textOf(queue)).toContain("Edited by its author after it was rejected");
    expect((await decide(cookie, queued.id, "publish", "The new words claim nothing.")).status).toBe(303);
    expect(await reviewOf(sessionId)).toMatchObject({ status: "published" });
  }, 360_000);

  it("keeps a review published after a hold published when edited, until the rules find something new", async () => {
    const { link, sessionId } = await invitedLink(shop, "kept.published@example.com");
    await post(link, review("Did not cure anything for me. Two stars for the fast delivery.", "2"));
    const held = await reviewOf(sessionId);
    expect(held).toMatchObject({ status: "held", held_reasons: ["disease_claim"] });
    const cookie = await adminSignIn(shop, post, ADMIN);
    expect((await decide(cookie, held.id, "publish", "Claims nothing: it says it did not.")).status).toBe(
      303,
    );

    // The same words the operator read, another star and a sentence: still published, their decision kept.
    const edited = await post(
      link,
      review("Did not cure anything for me. Three stars for the fast delivery and kind support.", "3"),
    );
    expect(textOf(await edited.text())).toContain("Your changes are saved and published.");
    expect(await reviewOf(sessionId)).toMatchObject({
      status: "published",
      held_reasons: ["disease_claim"],
      moderation_note: "Claims nothing: it says it did not.",
      moderated_by: ADMIN,
    });
    expect(await publicReviews()).toContain("Three stars for the fast delivery and kind support.");

    // Something the operator never saw (a shop's domain): held again, for a person to decide.
    const spam = await post(
      link,
      review("Did not cure anything for me. Three stars, but it is cheaper at pills.ru", "3"),
    );
    expect(textOf(await spam.text())).toContain("for a quick check by a person");
    expect(await reviewOf(sessionId)).toMatchObject({
      status: "held",
      held_reasons: ["link", "disease_claim"],
      moderation_note: null,
      published_at: null,
    });
    expect(await publicReviews()).not.toContain("pills.ru");
  }, 360_000);
});
