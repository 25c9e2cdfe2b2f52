CREATE TABLE "quiz_outcome_counts" (
	"outcome" text NOT NULL,
	"iso_week" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_outcome_counts_outcome_iso_week_pk" PRIMARY KEY("outcome","iso_week")
);
--> statement-breakpoint
CREATE TABLE "saved_quiz_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"answers_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
