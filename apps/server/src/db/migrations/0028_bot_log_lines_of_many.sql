ALTER TABLE "bot_logs" ALTER COLUMN "bot_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_logs" ADD COLUMN "bot_ids" integer[];--> statement-breakpoint
CREATE INDEX "bot_logs_bots_gin" ON "bot_logs" USING gin ("bot_ids");--> statement-breakpoint
ALTER TABLE "bot_logs" ADD CONSTRAINT "bot_logs_one_or_many" CHECK (("bot_logs"."bot_id" is null) <> ("bot_logs"."bot_ids" is null));--> statement-breakpoint
-- A bot deleted (also with its owner) takes its lines: its own, and its place in lines of many; a
-- line of many left naming no bot goes too.
CREATE OR REPLACE FUNCTION drat_bots_deleted_logs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids int[] := (SELECT array_agg(id) FROM gone);
BEGIN
  DELETE FROM bot_logs WHERE bot_id = ANY (ids);
  DELETE FROM bot_logs WHERE bot_ids <@ ids;
  UPDATE bot_logs SET bot_ids = ARRAY(SELECT b FROM unnest(bot_ids) AS b WHERE b <> ALL (ids))
    WHERE bot_ids && ids;
  RETURN NULL;
END $$;
