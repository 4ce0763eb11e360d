CREATE TABLE "artifacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"address" text,
	"url" text,
	"storage_key" text,
	"mime_type" text,
	"size" integer,
	"width" integer,
	"height" integer,
	"is_public" boolean DEFAULT true NOT NULL,
	"admin_created" boolean DEFAULT false NOT NULL,
	"dept_id" text,
	"bucket_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buckets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_message_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"wamid" text NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"error_code" integer,
	"error_title" text,
	"event_key" text NOT NULL,
	"raw" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"wamid" text NOT NULL,
	"recipient" text NOT NULL,
	"template_name" text,
	"payload" jsonb,
	"source_type" text,
	"source_id" text,
	"status" text DEFAULT 'accepted' NOT NULL,
	"error_code" integer,
	"error_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"dept_id" text,
	"vendor" integer NOT NULL,
	"contact_id" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed_data" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"name" text NOT NULL,
	"language" text DEFAULT 'en_US' NOT NULL,
	"category" text NOT NULL,
	"kind" text DEFAULT 'DEFAULT' NOT NULL,
	"components" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"vendor_template_id" text,
	"rejected_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_wa_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"waba_id" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"components" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artifacts" ADD CONSTRAINT "artifacts_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artifacts" ADD CONSTRAINT "artifacts_bucket_id_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."buckets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buckets" ADD CONSTRAINT "buckets_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_message_events" ADD CONSTRAINT "channel_message_events_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_message_events" ADD CONSTRAINT "channel_message_events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artifacts_e_id_idx" ON "artifacts" USING btree ("e_id","is_public","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "artifacts_bucket_idx" ON "artifacts" USING btree ("bucket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "buckets_name_key" ON "buckets" USING btree ("e_id","is_public",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "channel_message_events_key" ON "channel_message_events" USING btree ("channel_id","event_key");--> statement-breakpoint
CREATE INDEX "channel_message_events_wamid_idx" ON "channel_message_events" USING btree ("channel_id","wamid","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_messages_wamid_key" ON "channel_messages" USING btree ("channel_id","wamid");--> statement-breakpoint
CREATE INDEX "channel_messages_source_idx" ON "channel_messages" USING btree ("e_id","source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_name_key" ON "channels" USING btree ("e_id",lower("name"));--> statement-breakpoint
CREATE INDEX "channels_e_id_idx" ON "channels" USING btree ("e_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_name_key" ON "message_templates" USING btree ("channel_id","name","language");--> statement-breakpoint
CREATE INDEX "message_templates_e_id_idx" ON "message_templates" USING btree ("e_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_wa_templates_name_key" ON "sandbox_wa_templates" USING btree ("waba_id","name","language");