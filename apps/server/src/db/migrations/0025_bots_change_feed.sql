-- Money-management bots on the change feed (0007): the bots matched against a published alert are
-- kept in memory per alert type (modules/bots/active-bots.ts); any write to bots, whoever makes it,
-- makes every process read them again. One NOTIFY per statement: bot writes are few.
CREATE TRIGGER bots_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bots
  FOR EACH STATEMENT EXECUTE FUNCTION drat_notify_change('bots');
