CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product" text NOT NULL,
	"order_id" uuid,
	"rating" integer NOT NULL,
	"title" text,
	"body" text NOT NULL,
	"display_name" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"held_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"moderation_note" text,
	"moderated_at" timestamp with time zone,
	"source" text NOT NULL,
	"external_key" text,
	"reply" text,
	"reply_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_status" CHECK ("reviews"."status" in ('published', 'held', 'rejected')),
	CONSTRAINT "reviews_source" CHECK ("reviews"."source" in ('invited', 'imported', 'sample')),
	CONSTRAINT "reviews_published_at" CHECK ("reviews"."status" <> 'published' or "reviews"."published_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_order" ON "reviews" USING btree ("product","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_external_key" ON "reviews" USING btree ("external_key");--> statement-breakpoint
CREATE INDEX "reviews_listing" ON "reviews" USING btree ("status","product","created_at");