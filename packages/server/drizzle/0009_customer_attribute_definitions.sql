CREATE TABLE "customer_attribute_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"field_label" text NOT NULL,
	"field_type" text NOT NULL,
	"input_type" text,
	"field_help_text" text NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"search" boolean DEFAULT false NOT NULL,
	"default_value" text[] DEFAULT '{}'::text[] NOT NULL,
	"validations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comma_included" boolean DEFAULT false NOT NULL,
	"index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_attribute_definitions" ADD CONSTRAINT "customer_attribute_definitions_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_attribute_definitions_field_name_key" ON "customer_attribute_definitions" USING btree ("e_id",lower("field_name"));--> statement-breakpoint
CREATE INDEX "customer_attribute_definitions_e_id_idx" ON "customer_attribute_definitions" USING btree ("e_id","index");