-- Addresses that differ only in letter case become one subscriber (docs/decisions/063-newsletter-links-and-letter-case.md).
-- Rows that already collide are merged first, keeping one per lower(email): a decision the mailbox's owner
-- made (confirmed or unsubscribed) over a pending sign-up anyone could have made, then the most recent
-- decision, then the most recently sent confirmation. The kept row takes the group's latest
-- confirmation_sent_at, so the merge does not reset the one-confirmation-per-10-minutes cap.
WITH "ranked" AS (
	SELECT "id",
		row_number() OVER (
			PARTITION BY lower("email")
			ORDER BY ("status" <> 'pending') DESC,
				greatest("confirmed_at", "unsubscribed_at") DESC NULLS LAST,
				"confirmation_sent_at" DESC NULLS LAST,
				"created_at" DESC,
				"id"
		) AS "rank",
		max("confirmation_sent_at") OVER (PARTITION BY lower("email")) AS "last_sent"
	FROM "newsletter_subscribers"
), "kept" AS (
	UPDATE "newsletter_subscribers" AS "s" SET "confirmation_sent_at" = "ranked"."last_sent"
	FROM "ranked"
	WHERE "s"."id" = "ranked"."id" AND "ranked"."rank" = 1
		AND "ranked"."last_sent" IS DISTINCT FROM "s"."confirmation_sent_at"
)
DELETE FROM "newsletter_subscribers" AS "s" USING "ranked"
WHERE "s"."id" = "ranked"."id" AND "ranked"."rank" > 1;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" DROP CONSTRAINT "newsletter_subscribers_email_unique";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "email_canonical" text GENERATED ALWAYS AS (lower("email")) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_email_canonical" ON "newsletter_subscribers" USING btree ("email_canonical");