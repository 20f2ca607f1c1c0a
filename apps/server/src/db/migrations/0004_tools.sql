CREATE TABLE "dione_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ticker" text NOT NULL,
	"company_name" text NOT NULL,
	"last_price" numeric(18, 8) NOT NULL,
	"short_view" jsonb NOT NULL,
	"long_view" jsonb NOT NULL,
	"queried_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dione_trackers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"history_id" integer,
	"ticker" text NOT NULL,
	"dione_type" text NOT NULL,
	"alert_price" numeric(18, 8) NOT NULL,
	"target_range_one" numeric(18, 8) NOT NULL,
	"target_range_two" numeric(18, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dione_trackers_type_check" CHECK ("dione_trackers"."dione_type" in ('SHORT', 'LONG'))
);
--> statement-breakpoint
CREATE TABLE "trade_ideas_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ticker" text NOT NULL,
	"price" numeric(18, 8) NOT NULL,
	"views" jsonb NOT NULL,
	"queried_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dione_history" ADD CONSTRAINT "dione_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dione_trackers" ADD CONSTRAINT "dione_trackers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dione_trackers" ADD CONSTRAINT "dione_trackers_history_id_dione_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."dione_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ideas_history" ADD CONSTRAINT "trade_ideas_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dione_history_user_idx" ON "dione_history" USING btree ("user_id","queried_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "dione_trackers_user_history_type_idx" ON "dione_trackers" USING btree ("user_id","history_id","dione_type");--> statement-breakpoint
CREATE INDEX "dione_trackers_user_idx" ON "dione_trackers" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trade_ideas_history_user_idx" ON "trade_ideas_history" USING btree ("user_id","queried_at" DESC NULLS LAST);