-- A published alert writes one log line per active bot of its type (thousands at once): checking
-- each line's bot_id against bots cost more than writing the line (bench/bots). The foreign key
-- goes; what it did on delete stays, once per statement.
ALTER TABLE "bot_logs" DROP CONSTRAINT "bot_logs_bot_id_bots_id_fk";--> statement-breakpoint
CREATE FUNCTION drat_bots_deleted_logs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM bot_logs WHERE bot_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bots_deleted_logs AFTER DELETE ON bots REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION drat_bots_deleted_logs();
