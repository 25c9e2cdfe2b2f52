CREATE TABLE "admin_login_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stripe_refund_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_stripe_refund_id_unique" UNIQUE("stripe_refund_id")
);
--> statement-breakpoint
CREATE TABLE "shopify_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"order_id" uuid NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"result" jsonb,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_syncs_status" CHECK ("shopify_syncs"."status" in ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "shopify_syncs_kind" CHECK ("shopify_syncs"."kind" in ('order_create', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "site_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_subtotal" integer;--> statement-breakpoint
-- Orders before this had no discount, no tax and free shipping: their subtotal is their total.
UPDATE "orders" SET "amount_subtotal" = "amount_total";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "amount_subtotal" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_shipping" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_tax" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shopify_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shopify_order_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shopify_status" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shopify_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_syncs" ADD CONSTRAINT "shopify_syncs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_syncs_kind_key" ON "shopify_syncs" USING btree ("kind","dedupe_key");--> statement-breakpoint
CREATE INDEX "shopify_syncs_due" ON "shopify_syncs" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "shopify_syncs_order" ON "shopify_syncs" USING btree ("order_id");