CREATE TABLE "pending_confirmations" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"access_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "extras" ADD COLUMN "tax_id" integer;--> statement-breakpoint
ALTER TABLE "options" ADD COLUMN "tax_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_id" integer;--> statement-breakpoint
-- Backfill (decision 005): every product gets a class before the column turns NOT NULL. A menu with
-- products but no taxes gets the German reduced rate; then food takes the lowest rate and the
-- drinks category (the seeded 'Getränke') the highest, as the demo restaurant is seeded today.
INSERT INTO "taxes" ("name", "basis_points", "inclusive")
  SELECT '{"de":"MwSt. 7 %","en":"VAT 7%"}'::jsonb, 700, true
  WHERE EXISTS (SELECT 1 FROM "products") AND NOT EXISTS (SELECT 1 FROM "taxes");--> statement-breakpoint
UPDATE "products" SET "tax_id" = (SELECT "id" FROM "taxes" ORDER BY "basis_points" ASC, "id" ASC LIMIT 1);--> statement-breakpoint
UPDATE "products" SET "tax_id" = (SELECT "id" FROM "taxes" ORDER BY "basis_points" DESC, "id" ASC LIMIT 1)
  WHERE "category_id" IN (SELECT "id" FROM "categories" WHERE "name"->>'de' = 'Getränke');--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "tax_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_confirmations" ADD CONSTRAINT "pending_confirmations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extras" ADD CONSTRAINT "extras_tax_id_taxes_id_fk" FOREIGN KEY ("tax_id") REFERENCES "public"."taxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_tax_id_taxes_id_fk" FOREIGN KEY ("tax_id") REFERENCES "public"."taxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_id_taxes_id_fk" FOREIGN KEY ("tax_id") REFERENCES "public"."taxes"("id") ON DELETE no action ON UPDATE no action;