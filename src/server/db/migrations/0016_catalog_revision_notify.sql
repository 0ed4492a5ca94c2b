-- The revision bump also notifies: on PGlite (one process, one connection) the notification is
-- handed back while the writing COMMIT is processed, before the writer's own code resumes, so a
-- process can keep the revision in memory and re-read it only after a change (decision 033).
-- PostgreSQL collapses repeated notifications of one transaction into one.
-- The pages, languages, translations and delivery areas bump it too: they are part of the
-- first-screen data each page carries, cached per revision.
CREATE OR REPLACE FUNCTION "bump_catalog_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalog_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
	PERFORM pg_notify('catalog_revision', '');
	RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
	name text;
BEGIN
	FOREACH name IN ARRAY ARRAY['pages', 'languages', 'translations', 'areas'] LOOP
		EXECUTE format(
			'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"()',
			name || '_bump_catalog_revision', name
		);
	END LOOP;
END
$$;
