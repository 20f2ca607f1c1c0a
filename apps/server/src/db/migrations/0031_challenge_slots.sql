CREATE TABLE "challenge_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"number" integer DEFAULT 1 NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"initial_slots" integer NOT NULL,
	"slots" integer NOT NULL,
	"count_down_start" timestamp with time zone,
	"count_down_end" timestamp with time zone,
	"rate_hours" integer DEFAULT 0 NOT NULL,
	"deduction" integer DEFAULT 0 NOT NULL,
	"deducted_periods" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "challenge_slots_not_negative" CHECK ("challenge_slots"."slots" >= 0 and "challenge_slots"."initial_slots" >= 0)
);
--> statement-breakpoint
ALTER TABLE "challenge_slots" ADD CONSTRAINT "challenge_slots_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_slots_plan_number" ON "challenge_slots" USING btree ("plan_id","number");