CREATE TABLE "notification_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"channels" text[] NOT NULL,
	"audience" text NOT NULL,
	"user_ids" integer[],
	"plan_ids" integer[],
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_by_id" integer,
	"sent_by_email" text NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_sends_created_idx" ON "notification_sends" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_admin_sent_idx" ON "notifications" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notifications"."kind" = 'ADMIN';