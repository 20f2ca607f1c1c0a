ALTER TABLE "idempotency_keys" ADD COLUMN "result_id" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "locked_at" timestamp with time zone;