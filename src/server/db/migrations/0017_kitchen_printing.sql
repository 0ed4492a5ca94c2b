CREATE TABLE "print_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"station" text NOT NULL,
	"lines" jsonb NOT NULL,
	"copy" boolean DEFAULT false NOT NULL,
	"printer_id" integer,
	"token" text,
	"fetch_count" integer DEFAULT 0 NOT NULL,
	"fetched_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"station" text NOT NULL,
	"key_hash" text NOT NULL,
	"mac" text,
	"last_poll_at" timestamp with time zone,
	"last_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printers_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "station" text DEFAULT 'kitchen' NOT NULL;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_waiting" ON "print_jobs" USING btree ("station","confirmed_at","id");--> statement-breakpoint
CREATE INDEX "print_jobs_order" ON "print_jobs" USING btree ("order_id");