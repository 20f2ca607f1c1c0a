ALTER TABLE "notifications" ADD COLUMN "email_outbox_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "sms_outbox_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_email_outbox_id_outbox_id_fk" FOREIGN KEY ("email_outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sms_outbox_id_outbox_id_fk" FOREIGN KEY ("sms_outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_email_outbox_idx" ON "notifications" USING btree ("email_outbox_id") WHERE "notifications"."email_outbox_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_sms_outbox_idx" ON "notifications" USING btree ("sms_outbox_id") WHERE "notifications"."sms_outbox_id" is not null;