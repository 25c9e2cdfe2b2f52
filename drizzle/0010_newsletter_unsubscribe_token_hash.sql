-- The unsubscribe token is stored as its SHA-256 hash, as the confirmation token already is
-- (docs/decisions/093-privacy-summary-and-hashed-unsubscribe-links.md). Links already sent carry the plain
-- token and the lookup hashes what a link carries, so hashing the stored tokens in place keeps every
-- link that went out working.
UPDATE "newsletter_subscribers" SET "unsubscribe_token" = encode(sha256(convert_to("unsubscribe_token", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" RENAME COLUMN "unsubscribe_token" TO "unsubscribe_token_hash";--> statement-breakpoint
ALTER INDEX "newsletter_unsubscribe_token" RENAME TO "newsletter_unsubscribe_token_hash";
