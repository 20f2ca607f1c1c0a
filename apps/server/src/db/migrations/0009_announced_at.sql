ALTER TABLE "alert_triggers" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
-- What exists was told of already (or never will be): only new rows wait for the announce sweep.
UPDATE "alerts" SET "announced_at" = "created_at";--> statement-breakpoint
UPDATE "alert_triggers" SET "announced_at" = "created_at";--> statement-breakpoint
CREATE INDEX "alert_triggers_unannounced_idx" ON "alert_triggers" USING btree ("id") WHERE "alert_triggers"."announced_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_unannounced_idx" ON "alerts" USING btree ("id") WHERE "alerts"."announced_at" is null;