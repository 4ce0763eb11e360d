-- Time-ordered ids for customers (RFC 9562 version 7: 48 bits of Unix milliseconds, then random): rows inserted together
-- share the right edge of every index on their id. PostgreSQL 18's uuidv7() does the same; this runs on 15 and up.
CREATE FUNCTION "uuid_v7"() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;
--> statement-breakpoint
ALTER TABLE "customer_tag_members" DROP CONSTRAINT "customer_tag_members_tag_id_customer_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_tag_members" DROP CONSTRAINT "customer_tag_members_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_e_id_enterprises_id_fk";
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "id" SET DEFAULT uuid_v7();
--> statement-breakpoint
-- The three keys above cost an import a check (and a row lock) per row. Their ON DELETE CASCADE is kept by statement
-- triggers: one set-based delete per statement, whatever the number of rows it deleted.
CREATE FUNCTION "customer_tag_members_of_deleted_customers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "customer_tag_members" m USING gone WHERE m."customer_id" = gone."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customers_deleted" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "customer_tag_members_of_deleted_customers"();
--> statement-breakpoint
CREATE FUNCTION "customer_tag_members_of_deleted_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "customer_tag_members" m USING gone WHERE m."tag_id" = gone."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customer_tags_deleted" AFTER DELETE ON "customer_tags" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "customer_tag_members_of_deleted_tags"();
--> statement-breakpoint
CREATE FUNCTION "customers_of_deleted_enterprises"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "customers" c USING gone WHERE c."e_id" = gone."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "enterprises_deleted" AFTER DELETE ON "enterprises" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "customers_of_deleted_enterprises"();
