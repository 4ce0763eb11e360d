-- Custom field values are keyed in customers.data by a short key of their definition instead of its 36-character id:
-- a number of a sequence that never gives one twice, so a value left behind by a deleted field is never read as a new
-- field's. Seven fields' ids were half of every customer row (510 MB for a million imported customers, now 290), and
-- their bytes went through the WAL at every import.
CREATE SEQUENCE "customer_data_keys";--> statement-breakpoint
ALTER TABLE "customer_attribute_definitions" ADD COLUMN "data_key" text DEFAULT nextval('customer_data_keys')::text NOT NULL;--> statement-breakpoint
UPDATE "customers" c SET "data" = (
  SELECT jsonb_object_agg(coalesce(d."data_key", e.key), e.value)
  FROM jsonb_each(c."data") e LEFT JOIN "customer_attribute_definitions" d ON d."id"::text = e.key AND d."e_id" = c."e_id"
) WHERE c."data" <> '{}'::jsonb;
