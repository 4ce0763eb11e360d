CREATE TABLE "agent_models" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"e_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"job_id" text NOT NULL,
	"model" "bytea" NOT NULL,
	"runtime" jsonb NOT NULL,
	"trained_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"e_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"user_message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"intent_identified" boolean NOT NULL,
	"intent" text,
	"confidence" real NOT NULL,
	"utterance" text,
	"bot_response" text NOT NULL,
	"emotion" text NOT NULL,
	"other_intents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scoped" boolean NOT NULL,
	"weak" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "design_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "training_state" text DEFAULT 'not-trained' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "training_progress" real;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "training_error" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "training_job_id" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "trained_version" integer;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "trained_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_models" ADD CONSTRAINT "agent_models_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_models" ADD CONSTRAINT "agent_models_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_sessions" ADD CONSTRAINT "conversation_sessions_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_sessions" ADD CONSTRAINT "conversation_sessions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_agent_time_idx" ON "conversation_messages" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_sessions_agent_idx" ON "conversation_sessions" USING btree ("agent_id");