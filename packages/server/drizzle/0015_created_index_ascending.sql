-- Newest first is read backwards. An import appends its new customers at the end of their enterprise's range, where a
-- split leaves the old page full; the descending index took each at the start and left half-empty pages behind it.
DROP INDEX "customers_e_id_created_idx";--> statement-breakpoint
CREATE INDEX "customers_e_id_created_idx" ON "customers" USING btree ("e_id","created_at" NULLS FIRST,"id" NULLS FIRST);