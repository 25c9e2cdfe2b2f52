CREATE TABLE "created_products" (
	"variant_id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"handle" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
