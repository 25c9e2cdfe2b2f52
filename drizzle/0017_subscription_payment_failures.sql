CREATE TABLE "subscription_payment_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stripe_event_id" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"stripe_invoice_id" text NOT NULL,
	"attempt_count" integer NOT NULL,
	"amount_due" integer NOT NULL,
	"currency" text NOT NULL,
	"next_payment_attempt" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_payment_failures_stripe_event_id_unique" UNIQUE("stripe_event_id")
);
--> statement-breakpoint
ALTER TABLE "subscription_payment_failures" ADD CONSTRAINT "subscription_payment_failures_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_payment_failures_subscription" ON "subscription_payment_failures" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "orders_subscription_id" ON "orders" USING btree ("subscription_id");