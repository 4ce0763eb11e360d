CREATE TABLE "kb_passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"page" integer,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "title" || ' ' || "text")) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "answer_source" text;--> statement-breakpoint
ALTER TABLE "kb_passages" ADD CONSTRAINT "kb_passages_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_passages" ADD CONSTRAINT "kb_passages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kb_passages_agent_idx" ON "kb_passages" USING btree ("agent_id","position");--> statement-breakpoint
CREATE INDEX "kb_passages_search_idx" ON "kb_passages" USING gin ("search");