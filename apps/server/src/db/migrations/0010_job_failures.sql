CREATE TABLE "job_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"job_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"code" text NOT NULL,
	"reason" text NOT NULL,
	"retryable" boolean NOT NULL,
	"attempts" integer NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_failures_job_idx" ON "job_failures" USING btree ("queue","job_id");