CREATE TABLE "kit_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"shipped_by" text
);
--> statement-breakpoint
CREATE TABLE "kit_registrations" (
	"kit_id" text PRIMARY KEY NOT NULL,
	"shopper_id" uuid NOT NULL,
	"date_of_birth_sealed" text NOT NULL,
	"consent_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kits" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" bigint NOT NULL,
	"state" text DEFAULT 'unregistered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kits_state_check" CHECK ("kits"."state" in ('unregistered', 'registered', 'sample_received', 'rejected', 'resulted'))
);
--> statement-breakpoint
CREATE TABLE "shopper_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopper_sign_in_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shoppers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shoppers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "kit_registrations" ADD CONSTRAINT "kit_registrations_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_registrations" ADD CONSTRAINT "kit_registrations_shopper_id_shoppers_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."shoppers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kits" ADD CONSTRAINT "kits_batch_id_kit_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."kit_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kit_registrations_shopper_idx" ON "kit_registrations" USING btree ("shopper_id");--> statement-breakpoint
CREATE INDEX "kits_batch_idx" ON "kits" USING btree ("batch_id");