CREATE TABLE "review_invitations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"shipped_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"skip_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_invitations_status" CHECK ("review_invitations"."status" in ('waiting', 'due', 'invited', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_invitations_due" ON "review_invitations" USING btree ("status","next_check_at");