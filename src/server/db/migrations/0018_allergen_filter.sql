CREATE TABLE "extra_declarations" (
	"extra_id" integer NOT NULL,
	"declaration_id" integer NOT NULL,
	CONSTRAINT "extra_declarations_extra_id_declaration_id_pk" PRIMARY KEY("extra_id","declaration_id")
);
--> statement-breakpoint
CREATE TABLE "option_declarations" (
	"option_id" integer NOT NULL,
	"declaration_id" integer NOT NULL,
	CONSTRAINT "option_declarations_option_id_declaration_id_pk" PRIMARY KEY("option_id","declaration_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "avoids" jsonb;--> statement-breakpoint
ALTER TABLE "extra_declarations" ADD CONSTRAINT "extra_declarations_extra_id_extras_id_fk" FOREIGN KEY ("extra_id") REFERENCES "public"."extras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_declarations" ADD CONSTRAINT "extra_declarations_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_declarations" ADD CONSTRAINT "option_declarations_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_declarations" ADD CONSTRAINT "option_declarations_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What an option or an extra declares is part of the menu every cache keys on (decision 043).
CREATE TRIGGER "option_declarations_bump_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "option_declarations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "extra_declarations_bump_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "extra_declarations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();
