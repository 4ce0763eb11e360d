CREATE TABLE "customer_group_members" (
	"group_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	CONSTRAINT "customer_group_members_group_id_customer_id_pk" PRIMARY KEY("group_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_tag_members" (
	"tag_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"upload_id" uuid,
	CONSTRAINT "customer_tag_members_tag_id_customer_id_pk" PRIMARY KEY("tag_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "customer_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_upload_errors" (
	"upload_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"line_str" text NOT NULL,
	"errors" jsonb NOT NULL,
	CONSTRAINT "customer_upload_errors_upload_id_line_pk" PRIMARY KEY("upload_id","line")
);
--> statement-breakpoint
CREATE TABLE "customer_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"segment_id" uuid,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"replace" boolean DEFAULT false NOT NULL,
	"user_headers" jsonb NOT NULL,
	"header_mapping" jsonb,
	"state" text DEFAULT 'WAITING' NOT NULL,
	"started" boolean DEFAULT false NOT NULL,
	"total_lines" integer DEFAULT 0 NOT NULL,
	"accepted_lines" integer DEFAULT 0 NOT NULL,
	"error_lines" integer DEFAULT 0 NOT NULL,
	"processed_lines" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"whatsapp_number" text DEFAULT '' NOT NULL,
	"twitter_id" text DEFAULT '' NOT NULL,
	"facebook_id" text DEFAULT '' NOT NULL,
	"insta_id" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"last_upload_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tag_members" ADD CONSTRAINT "customer_tag_members_tag_id_customer_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."customer_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tag_members" ADD CONSTRAINT "customer_tag_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_upload_errors" ADD CONSTRAINT "customer_upload_errors_upload_id_customer_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."customer_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_uploads" ADD CONSTRAINT "customer_uploads_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_uploads" ADD CONSTRAINT "customer_uploads_segment_id_customer_tags_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."customer_tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_group_members_customer_idx" ON "customer_group_members" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_groups_name_key" ON "customer_groups" USING btree ("e_id",lower("name"));--> statement-breakpoint
CREATE INDEX "customer_tag_members_customer_idx" ON "customer_tag_members" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_tags_name_key" ON "customer_tags" USING btree ("e_id",lower("name"));--> statement-breakpoint
CREATE INDEX "customer_uploads_e_id_idx" ON "customer_uploads" USING btree ("e_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "customers_phone_key" ON "customers" USING btree ("e_id","phone_number");--> statement-breakpoint
CREATE INDEX "customers_e_id_created_idx" ON "customers" USING btree ("e_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin (to_tsvector('simple', "search_text"));