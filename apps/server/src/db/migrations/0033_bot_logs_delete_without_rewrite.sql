-- A bot deleted (also with its owner) takes its own lines, and the lines of many that named only
-- deleted bots. A line of many still naming a bot that lives keeps its ids as they are: bot ids
-- never come back, so a gone id names nobody, and rewriting every shared line's array (thousands
-- of ids each, GIN-indexed) cost more than the delete itself. The daily trim removes such lines
-- with the others after 90 days.
CREATE OR REPLACE FUNCTION drat_bots_deleted_logs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids int[] := (SELECT array_agg(id) FROM gone);
BEGIN
  DELETE FROM bot_logs WHERE bot_id = ANY (ids);
  DELETE FROM bot_logs WHERE bot_ids <@ ids;
  RETURN NULL;
END $$;
