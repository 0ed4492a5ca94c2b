CREATE TABLE "tab_claims" (
	"order_line_id" integer PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"payment_id" integer,
	"split_id" integer
);
--> statement-breakpoint
CREATE TABLE "tab_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"split_id" integer,
	"part" smallint,
	"method" text NOT NULL,
	"provider" text,
	"session" text,
	"state" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"payer" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tab_payments_session_unique" UNIQUE("session")
);
--> statement-breakpoint
CREATE TABLE "tab_splits" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"parts" smallint NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "table_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	"seen_by" text
);
--> statement-breakpoint
CREATE TABLE "table_closings" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tab_claims" ADD CONSTRAINT "tab_claims_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_claims" ADD CONSTRAINT "tab_claims_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_claims" ADD CONSTRAINT "tab_claims_payment_id_tab_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."tab_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_claims" ADD CONSTRAINT "tab_claims_split_id_tab_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."tab_splits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_payments" ADD CONSTRAINT "tab_payments_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_payments" ADD CONSTRAINT "tab_payments_split_id_tab_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."tab_splits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_splits" ADD CONSTRAINT "tab_splits_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_calls" ADD CONSTRAINT "table_calls_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_closings" ADD CONSTRAINT "table_closings_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tab_payments_share" ON "tab_payments" USING btree ("split_id","part") WHERE state in ('pending', 'paid');--> statement-breakpoint
CREATE INDEX "tab_payments_table" ON "tab_payments" USING btree ("table_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "table_calls_open" ON "table_calls" USING btree ("table_id","kind") WHERE seen_at is null;--> statement-breakpoint
CREATE INDEX "table_calls_table" ON "table_calls" USING btree ("table_id","created_at");--> statement-breakpoint
CREATE INDEX "table_closings_table" ON "table_closings" USING btree ("table_id","closed_at");--> statement-breakpoint
CREATE INDEX "orders_table_created" ON "orders" USING btree ("table_id","created_at");