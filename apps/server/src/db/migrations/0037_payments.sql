CREATE TABLE "checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"plan_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"slot_id" integer,
	"slot_held" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"email" text,
	"status" text DEFAULT 'open' NOT NULL,
	"claim_hash" text NOT NULL,
	"made_account" boolean DEFAULT false NOT NULL,
	"claimed_at" timestamp with time zone,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"provider_payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "local_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_ref" text NOT NULL,
	"plan_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"interval" text NOT NULL,
	"trial_days" integer NOT NULL,
	"allow_coupons" boolean NOT NULL,
	"email" text,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"event" jsonb,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "renewal_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "details" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "allow_coupons" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "on_sale" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "checkout_id" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_slot_id_challenge_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."challenge_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_links" ADD CONSTRAINT "renewal_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_provider_session" ON "checkouts" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "checkouts_open_expiry" ON "checkouts" USING btree ("expires_at") WHERE "checkouts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "checkouts_subscription" ON "checkouts" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE INDEX "checkouts_payment" ON "checkouts" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_checkout" ON "subscriptions" USING btree ("checkout_id");