CREATE TABLE "signal_hooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bot_id" integer NOT NULL,
	"key" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signals" (
	"id" serial PRIMARY KEY NOT NULL,
	"hook_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bot_id" integer,
	"signal_id" text,
	"ticker" text DEFAULT '' NOT NULL,
	"action" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"trade_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signal_hooks" ADD CONSTRAINT "signal_hooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_hooks" ADD CONSTRAINT "signal_hooks_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_hook_id_signal_hooks_id_fk" FOREIGN KEY ("hook_id") REFERENCES "public"."signal_hooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signals" ADD CONSTRAINT "signals_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signal_hooks_key" ON "signal_hooks" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "signal_hooks_live_per_user" ON "signal_hooks" USING btree ("user_id") WHERE "signal_hooks"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "signals_once_per_user" ON "signals" USING btree ("user_id","signal_id") WHERE "signals"."signal_id" is not null;--> statement-breakpoint
CREATE INDEX "signals_user_idx" ON "signals" USING btree ("user_id","id");