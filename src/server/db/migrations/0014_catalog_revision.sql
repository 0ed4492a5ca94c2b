-- One counter for everything a checkout reads from the catalog and the restaurant's setup. Every
-- statement that writes one of these tables bumps it in the same transaction (statement triggers,
-- so no code path can forget), and each server process compares its cached snapshot against it
-- before pricing an order: a committed price change is charged by the very next order, on every
-- process sharing the database.
CREATE TABLE "catalog_revision" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalog_revision" ("id", "revision") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "bump_catalog_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalog_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
	name text;
BEGIN
	FOREACH name IN ARRAY ARRAY[
		'categories', 'products', 'sizes', 'variants', 'options', 'extras', 'extra_prices',
		'declarations', 'product_declarations', 'menus', 'menu_slots', 'menu_slot_products',
		'taxes', 'settings', 'working_hours', 'closed_days'
	] LOOP
		EXECUTE format(
			'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"()',
			name || '_bump_catalog_revision', name
		);
	END LOOP;
END
$$;
