CREATE TABLE "trade_intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"client_order_id" text NOT NULL,
	"kind" text NOT NULL,
	"intent" jsonb NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"unknown" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trade_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_orders" (
	"client_order_id" text PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"broker" text NOT NULL,
	"account_id" text NOT NULL,
	"broker_order_id" text,
	"broker_status" text,
	"done" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"mode" text NOT NULL,
	"broker" text NOT NULL,
	"account_id" text NOT NULL,
	"ticker" text NOT NULL,
	"trade_type" text NOT NULL,
	"stock_type" text NOT NULL,
	"strategy" text,
	"status" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"alert_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"input" jsonb NOT NULL,
	"state" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"deadline_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"cash" numeric(20, 2) NOT NULL,
	"starting_cash" numeric(20, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reset_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "paper_fills" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"qty" numeric(20, 4) NOT NULL,
	"price" numeric(18, 8) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"tag" text,
	"symbol" text NOT NULL,
	"instrument_kind" text NOT NULL,
	"legs" jsonb,
	"multiplier" integer DEFAULT 1 NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"duration" text DEFAULT 'gtc' NOT NULL,
	"qty" numeric(20, 4) NOT NULL,
	"limit_price" numeric(18, 8),
	"status" text NOT NULL,
	"filled_qty" numeric(20, 4) DEFAULT '0' NOT NULL,
	"avg_fill_price" numeric(18, 8),
	"reason" text,
	"last_volume" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_positions" (
	"account_id" text NOT NULL,
	"symbol" text NOT NULL,
	"multiplier" integer DEFAULT 1 NOT NULL,
	"qty" numeric(20, 4) NOT NULL,
	"cost" numeric(20, 2) NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "paper_positions_account_id_symbol_pk" PRIMARY KEY("account_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "trade_intents" ADD CONSTRAINT "trade_intents_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_logs" ADD CONSTRAINT "trade_logs_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_accounts" ADD CONSTRAINT "paper_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_fills" ADD CONSTRAINT "paper_fills_order_id_paper_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."paper_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_fills" ADD CONSTRAINT "paper_fills_account_id_paper_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."paper_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_orders" ADD CONSTRAINT "paper_orders_account_id_paper_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."paper_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_positions" ADD CONSTRAINT "paper_positions_account_id_paper_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."paper_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_intents_pending_idx" ON "trade_intents" USING btree ("created_at") WHERE "trade_intents"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "trade_intents_trade_idx" ON "trade_intents" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "trade_logs_trade_idx" ON "trade_logs" USING btree ("trade_id","id");--> statement-breakpoint
CREATE INDEX "trade_orders_open_idx" ON "trade_orders" USING btree ("account_id") WHERE not "trade_orders"."done";--> statement-breakpoint
CREATE UNIQUE INDEX "trade_orders_broker_idx" ON "trade_orders" USING btree ("broker","broker_order_id");--> statement-breakpoint
CREATE INDEX "trades_user_idx" ON "trades" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "trades_running_idx" ON "trades" USING btree ("status") WHERE "trades"."status" in ('PENDING', 'OPEN');--> statement-breakpoint
CREATE INDEX "trades_deadline_idx" ON "trades" USING btree ("deadline_at") WHERE "trades"."deadline_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_accounts_user_kind_idx" ON "paper_accounts" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "paper_fills_account_idx" ON "paper_fills" USING btree ("account_id","symbol");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_orders_tag_idx" ON "paper_orders" USING btree ("account_id","tag");--> statement-breakpoint
CREATE INDEX "paper_orders_open_idx" ON "paper_orders" USING btree ("account_id") WHERE "paper_orders"."status" in ('open', 'partially_filled');