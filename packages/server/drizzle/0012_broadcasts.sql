CREATE TABLE "broadcast_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"e_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"customer_id" uuid,
	"components" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"wamid" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_code" integer,
	"error_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handed_at" timestamp with time zone,
	"status_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"name" text NOT NULL,
	"channel_id" uuid,
	"channel_name" text NOT NULL,
	"template_id" uuid,
	"template_name" text NOT NULL,
	"language" text NOT NULL,
	"message" jsonb NOT NULL,
	"column_mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resource_type" text,
	"resource_id" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "channel_message_events" ADD COLUMN "callback_data" text;--> statement-breakpoint
ALTER TABLE "broadcast_messages" ADD CONSTRAINT "broadcast_messages_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_messages" ADD CONSTRAINT "broadcast_messages_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_messages_recipient_key" ON "broadcast_messages" USING btree ("broadcast_id","recipient");--> statement-breakpoint
CREATE INDEX "broadcast_messages_state_idx" ON "broadcast_messages" USING btree ("broadcast_id","state");--> statement-breakpoint
CREATE INDEX "broadcast_messages_wamid_idx" ON "broadcast_messages" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "broadcasts_e_id_idx" ON "broadcasts" USING btree ("e_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "channel_message_events_callback_idx" ON "channel_message_events" USING btree ("callback_data");