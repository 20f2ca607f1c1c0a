CREATE TABLE "trade_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"shared_by" integer NOT NULL,
	"shared_to" integer,
	"shared_to_unknown" text,
	"type" text NOT NULL,
	"trade_id" integer,
	"bot_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_template_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"entry_name" text NOT NULL,
	"percentage" numeric(7, 2) NOT NULL,
	"percentage_type" text NOT NULL,
	"based_on" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_shares" ADD CONSTRAINT "trade_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_shares" ADD CONSTRAINT "trade_shares_shared_to_users_id_fk" FOREIGN KEY ("shared_to") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_shares" ADD CONSTRAINT "trade_shares_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_template_parameters" ADD CONSTRAINT "trade_template_parameters_template_id_trade_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."trade_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_templates" ADD CONSTRAINT "trade_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_shares_to_idx" ON "trade_shares" USING btree ("shared_to","created_at");--> statement-breakpoint
CREATE INDEX "trade_shares_by_idx" ON "trade_shares" USING btree ("shared_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_shares_once_idx" ON "trade_shares" USING btree ("type",coalesce("trade_id", "bot_id"),coalesce("shared_to"::text, "shared_to_unknown")) WHERE "trade_shares"."shared_to" is not null or "trade_shares"."shared_to_unknown" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_template_parameters_entry_idx" ON "trade_template_parameters" USING btree ("template_id","entry_name");