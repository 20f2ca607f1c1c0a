-- The bots' change feed names the bots a statement changed ('bots:12'), so each process reads
-- again only those bots into its copy of the active bots (modules/bots/active-bots.ts) rather than
-- all of them. A statement changing more than 100 bots (a bulk edit, an owner's account deleted)
-- says 'bots' (read them all again), as TRUNCATE does. Transition tables take one event per trigger.
DROP TRIGGER bots_changed ON bots;
--> statement-breakpoint
CREATE FUNCTION drat_bots_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids int[];
  bot int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT n.id FROM changed_new n LIMIT 101);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT o.id FROM changed_old o LIMIT 101);
  ELSE
    ids := ARRAY(SELECT n.id FROM changed_new n UNION SELECT o.id FROM changed_old o LIMIT 101);
  END IF;
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('drat_changes', 'bots');
  ELSE
    FOREACH bot IN ARRAY ids LOOP
      PERFORM pg_notify('drat_changes', 'bots:' || bot);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bots_inserted AFTER INSERT ON bots REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION drat_bots_changed();
--> statement-breakpoint
CREATE TRIGGER bots_updated AFTER UPDATE ON bots REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION drat_bots_changed();
--> statement-breakpoint
CREATE TRIGGER bots_deleted AFTER DELETE ON bots REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION drat_bots_changed();
--> statement-breakpoint
CREATE TRIGGER bots_truncated AFTER TRUNCATE ON bots
  FOR EACH STATEMENT EXECUTE FUNCTION drat_notify_change('bots');
