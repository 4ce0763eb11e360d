-- A search by digits reads the phone key (LIKE '+9198%' needs text_pattern_ops under any collation); the phone digits
-- leave the full-text index, whose two new entries per imported customer were a third of an import's database work.
-- Rows stored before keep their digits in search_text: harmless, the full-text half of a digit search still finds them.
DROP INDEX "customers_phone_key";--> statement-breakpoint
CREATE UNIQUE INDEX "customers_phone_key" ON "customers" USING btree ("e_id","phone_number" text_pattern_ops);