CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL,
	"guests" smallint NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "reservations_status" CHECK ("reservations"."status" in ('requested', 'confirmed', 'declined')),
	CONSTRAINT "reservations_guests" CHECK ("reservations"."guests" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_decided_by_staff_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_reserved_at" ON "reservations" USING btree ("reserved_at");