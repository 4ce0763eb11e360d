CREATE TABLE "llm_usage" (
	"e_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"day" text NOT NULL,
	"purpose" text NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "llm_usage_e_id_agent_id_day_purpose_pk" PRIMARY KEY("e_id","agent_id","day","purpose")
);
--> statement-breakpoint
ALTER TABLE "llm_usage" ADD CONSTRAINT "llm_usage_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;