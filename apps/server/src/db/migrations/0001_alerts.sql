CREATE TABLE "alert_publishers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "alert_publishers_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "alert_trackers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_triggers" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"alert_type_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ticker" text NOT NULL,
	"last_price" numeric(14, 4) NOT NULL,
	"trigger_note" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_type_id" integer NOT NULL,
	"publisher_id" integer,
	"external_id" text,
	"created_by" integer,
	"ticker" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"rating" integer DEFAULT 0 NOT NULL,
	"alert_price" numeric(14, 4) NOT NULL,
	"buy_range_low" numeric(14, 4) NOT NULL,
	"buy_range_high" numeric(14, 4) NOT NULL,
	"target_range_low" numeric(14, 4) NOT NULL,
	"target_range_high" numeric(14, 4) NOT NULL,
	"stop_loss" numeric(14, 4) NOT NULL,
	"risk_percent" numeric(10, 4) NOT NULL,
	"reward_percent" numeric(10, 4) NOT NULL,
	"embeds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"strategy" text,
	"single_expiration" text,
	"single_strike" numeric(14, 4),
	"leg_one_expiration" text,
	"leg_one_strike" numeric(14, 4),
	"leg_one_type" text,
	"leg_two_strike" numeric(14, 4),
	"leg_two_type" text,
	"latest_price" numeric(14, 4),
	"entered_at" timestamp with time zone,
	"half_completed" boolean DEFAULT false NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_status" text DEFAULT 'ONGOING' NOT NULL,
	"half_exit_price" numeric(14, 4),
	"half_completed_at" timestamp with time zone,
	"exit_price" numeric(14, 4),
	"p_l_dollar" numeric(14, 4),
	"p_l_percent" numeric(10, 4),
	"completed_at" timestamp with time zone,
	"last_trigger_date" timestamp with time zone,
	"evaluated_through" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"email_status" text,
	"sms_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_publishers" ADD CONSTRAINT "alert_publishers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_trackers" ADD CONSTRAINT "alert_trackers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_trackers" ADD CONSTRAINT "alert_trackers_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_triggers" ADD CONSTRAINT "alert_triggers_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_triggers" ADD CONSTRAINT "alert_triggers_alert_type_id_alert_types_id_fk" FOREIGN KEY ("alert_type_id") REFERENCES "public"."alert_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_alert_type_id_alert_types_id_fk" FOREIGN KEY ("alert_type_id") REFERENCES "public"."alert_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_publisher_id_alert_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."alert_publishers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_trackers_user_alert_idx" ON "alert_trackers" USING btree ("user_id","alert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_triggers_alert_kind_idx" ON "alert_triggers" USING btree ("alert_id","kind");--> statement-breakpoint
CREATE INDEX "alert_triggers_type_created_idx" ON "alert_triggers" USING btree ("alert_type_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_publisher_external_idx" ON "alerts" USING btree ("publisher_id","external_id");--> statement-breakpoint
CREATE INDEX "alerts_type_created_idx" ON "alerts" USING btree ("alert_type_id","created_at" DESC NULLS LAST) WHERE "alerts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_open_idx" ON "alerts" USING btree ("id") WHERE "alerts"."completed" = false and "alerts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_ticker_idx" ON "alerts" USING btree ("ticker");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_kind_ref_idx" ON "notifications" USING btree ("user_id","kind","ref");--> statement-breakpoint
CREATE INDEX "notifications_user_unseen_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE "notifications"."seen" = false;