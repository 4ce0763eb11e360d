ALTER TABLE "llm_configurations" ADD COLUMN "base_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "llm_configurations" ADD COLUMN "model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "llm_configurations" ADD COLUMN "embedding_model" text DEFAULT '' NOT NULL;