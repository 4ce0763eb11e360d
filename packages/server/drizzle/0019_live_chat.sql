CREATE TABLE "chat_messages" (
	"action_id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" uuid NOT NULL,
	"e_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"action_type" integer NOT NULL,
	"action_by" text NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"attachment" jsonb,
	"kind" text DEFAULT 'text' NOT NULL,
	"status" integer,
	"channel_error_code" integer,
	"channel_error_desc" text,
	"vendor_message_id" text,
	"trans_id" text,
	"seen" boolean DEFAULT false NOT NULL,
	"acted_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_participants" (
	"chat_id" uuid NOT NULL,
	"u_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "chat_participants_chat_id_u_id_pk" PRIMARY KEY("chat_id","u_id")
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"channel_type" integer NOT NULL,
	"customer_id" uuid,
	"customer_number" text NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"missed_reason" integer,
	"agent_id" uuid,
	"pending_type" text,
	"pending_to" uuid,
	"pending_by" uuid,
	"bot_active" boolean DEFAULT false NOT NULL,
	"bot_misses" integer DEFAULT 0 NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"feedback" text,
	"is_jit_required" boolean DEFAULT false NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_message" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_customer_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"picked_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_wa_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"phone_number_id" text NOT NULL,
	"wa_id" text NOT NULL,
	"direction" text NOT NULL,
	"type" text NOT NULL,
	"body" jsonb NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "agent_status" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD CONSTRAINT "chat_participants_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_vendor_key" ON "chat_messages" USING btree ("channel_id","vendor_message_id") WHERE vendor_message_id is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_chat_idx" ON "chat_messages" USING btree ("chat_id","action_id");--> statement-breakpoint
CREATE INDEX "chat_messages_trans_idx" ON "chat_messages" USING btree ("channel_id","trans_id") WHERE trans_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_open_key" ON "chats" USING btree ("channel_id","customer_number") WHERE state <> 3;--> statement-breakpoint
CREATE INDEX "chats_e_id_state_idx" ON "chats" USING btree ("e_id","state","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chats_agent_idx" ON "chats" USING btree ("e_id","agent_id","state");--> statement-breakpoint
CREATE INDEX "chats_closed_idx" ON "chats" USING btree ("e_id","closed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sandbox_wa_messages_number_idx" ON "sandbox_wa_messages" USING btree ("wa_id","created_at");