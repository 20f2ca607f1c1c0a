ALTER TABLE "idempotency_keys" ADD COLUMN "result_id" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
UPDATE "idempotency_keys" SET "locked_at" = "created_at";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "locked_at" SET NOT NULL;