CREATE TABLE "billing_accounts" (
	"e_id" uuid PRIMARY KEY NOT NULL,
	"account_type" text DEFAULT 'Postpaid' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"currency_code" text DEFAULT 'INR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"service" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"units" integer DEFAULT 1 NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"unit_price_micros" bigint NOT NULL,
	"amount_micros" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_rates" (
	"e_id" uuid NOT NULL,
	"service" text NOT NULL,
	"unit_price_micros" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_rates_e_id_service_pk" PRIMARY KEY("e_id","service")
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"reference_id" text NOT NULL,
	"link_id" text NOT NULL,
	"url" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency_code" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"payment_id" text,
	"mobile_number" text,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	"expire_by" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e_id" uuid NOT NULL,
	"amount_micros" bigint NOT NULL,
	"reason_key" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_rates" ADD CONSTRAINT "billing_rates_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_e_id_enterprises_id_fk" FOREIGN KEY ("e_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_events_source_key" ON "billing_events" USING btree ("e_id","source","source_id");--> statement-breakpoint
CREATE INDEX "billing_events_e_id_idx" ON "billing_events" USING btree ("e_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_reference_key" ON "payment_links" USING btree ("reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_link_key" ON "payment_links" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "payment_links_e_id_idx" ON "payment_links" USING btree ("e_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_reason_key" ON "wallet_entries" USING btree ("e_id","reason_key");--> statement-breakpoint
CREATE INDEX "wallet_entries_e_id_idx" ON "wallet_entries" USING btree ("e_id","created_at");