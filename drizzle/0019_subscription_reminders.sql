CREATE TABLE "subscription_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"on_date" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"test_clock" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_reminders_kind" CHECK ("subscription_reminders"."kind" in ('charge', 'off_start', 'off_end')),
	CONSTRAINT "subscription_reminders_status" CHECK ("subscription_reminders"."status" in ('scheduled', 'pending', 'sending', 'sent', 'dropped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "subscription_reminders" ADD CONSTRAINT "subscription_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_reminders_subject" ON "subscription_reminders" USING btree ("subscription_id","kind","on_date");--> statement-breakpoint
CREATE INDEX "subscription_reminders_due" ON "subscription_reminders" USING btree ("status","due_at");