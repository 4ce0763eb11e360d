-- An upload keeps the delimiter found in its file (or chosen on the mapping screen) and the encoding it was read in.
ALTER TABLE "customer_uploads" ADD COLUMN "delimiter" text DEFAULT ',' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_uploads" ADD COLUMN "encoding" text DEFAULT 'UTF-8' NOT NULL;