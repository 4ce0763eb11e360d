DROP INDEX "conversation_sessions_agent_idx";--> statement-breakpoint
ALTER TABLE "conversation_sessions" ADD COLUMN "messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_sessions" ADD COLUMN "scoped_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_sessions" ADD COLUMN "weak_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "conversation_sessions_agent_time_idx" ON "conversation_sessions" USING btree ("agent_id","created_at");