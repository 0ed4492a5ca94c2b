-- Races before this migration could leave a customer with several default addresses: the newest stays.
UPDATE "addresses" AS a SET "is_default" = false
WHERE a."is_default" AND EXISTS (
  SELECT 1 FROM "addresses" AS b WHERE b."user_id" = a."user_id" AND b."is_default" AND b."id" > a."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
-- At most 20 addresses per customer (MAX_ADDRESSES in routes/addresses.ts). The customer's row is
-- locked first, so concurrent inserts count one after another; rows saved before stay.
CREATE FUNCTION "addresses_cap"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = NEW."user_id" FOR UPDATE;
  IF (SELECT count(*) FROM "addresses" WHERE "user_id" = NEW."user_id") >= 20 THEN
    RAISE EXCEPTION 'a customer keeps at most 20 addresses' USING ERRCODE = 'check_violation', CONSTRAINT = 'addresses_cap';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "addresses_cap" BEFORE INSERT ON "addresses" FOR EACH ROW EXECUTE FUNCTION "addresses_cap"();
