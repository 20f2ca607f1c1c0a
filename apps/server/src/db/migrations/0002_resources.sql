CREATE TABLE "resource_alert_types" (
	"resource_id" integer NOT NULL,
	"alert_type_id" integer NOT NULL,
	CONSTRAINT "resource_alert_types_resource_id_alert_type_id_pk" PRIMARY KEY("resource_id","alert_type_id")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"access" text,
	"description" text DEFAULT '' NOT NULL,
	"video_time_duration" text,
	"link" text,
	"file_key" text,
	"file_url" text,
	"thumbnail_key" text,
	"thumbnail_url" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_type_check" CHECK ("resources"."type" in ('VIDEO', 'PDF', 'SHEET')),
	CONSTRAINT "resources_access_check" CHECK ("resources"."access" is null or "resources"."access" in ('STOCKS', 'OPTIONS', 'ALL', 'OTC', 'ADMIN'))
);
--> statement-breakpoint
ALTER TABLE "resource_alert_types" ADD CONSTRAINT "resource_alert_types_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_alert_types" ADD CONSTRAINT "resource_alert_types_alert_type_id_alert_types_id_fk" FOREIGN KEY ("alert_type_id") REFERENCES "public"."alert_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_alert_types_type_idx" ON "resource_alert_types" USING btree ("alert_type_id");--> statement-breakpoint
CREATE INDEX "resources_created_idx" ON "resources" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "resources_access_idx" ON "resources" USING btree ("access");