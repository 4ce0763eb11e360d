CREATE TABLE "llm_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"name" text NOT NULL,
	"auth_type" integer DEFAULT 5 NOT NULL,
	"llm" integer NOT NULL,
	"api_key_sealed" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "llm_configurations" ADD CONSTRAINT "llm_configurations_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "llm_configurations_name_key" ON "llm_configurations" USING btree ("e_id","name");