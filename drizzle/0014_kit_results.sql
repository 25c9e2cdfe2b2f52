CREATE TABLE "kit_result_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kit_id" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"value_sealed" text NOT NULL,
	"unit" text NOT NULL,
	"flag_sealed" text,
	"range_low" double precision,
	"range_high" double precision,
	"collected_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kit_result_versions_status" CHECK ("kit_result_versions"."status" in ('final', 'amended', 'corrected')),
	CONSTRAINT "kit_result_versions_unit" CHECK ("kit_result_versions"."unit" in ('ng/dL', 'nmol/L'))
);
--> statement-breakpoint
CREATE TABLE "kit_results" (
	"kit_id" text PRIMARY KEY NOT NULL,
	"lab_id" text NOT NULL,
	"report_id" text NOT NULL,
	"current_version" integer NOT NULL,
	"first_received_at" timestamp with time zone NOT NULL,
	"deletion_warned_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kit_result_versions" ADD CONSTRAINT "kit_result_versions_kit_id_kit_results_kit_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kit_results"("kit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_results" ADD CONSTRAINT "kit_results_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kit_result_versions_kit_version" ON "kit_result_versions" USING btree ("kit_id","version");