CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stripe_session_id" text NOT NULL,
	"stripe_subscription_id" text,
	"stripe_customer_id" text,
	"email" text,
	"variant_id" text NOT NULL,
	"selling_plan_id" text NOT NULL,
	"product_title" text NOT NULL,
	"weeks_on" integer NOT NULL,
	"weeks_off" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_stripe_session_id_unique" UNIQUE("stripe_session_id"),
	CONSTRAINT "subscriptions_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stripe_invoice_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stripe_invoice_id_unique" UNIQUE("stripe_invoice_id");