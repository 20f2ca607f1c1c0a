-- The change feed (src/db/change-feed.ts): writes to the tables behind the server's read caches
-- NOTIFY 'drat_changes' with what changed, so every server process forgets what it cached from
-- them, whoever wrote (another process, a job, psql). NOTIFY is sent on commit only, and
-- PostgreSQL folds identical payloads of one transaction into one.
CREATE FUNCTION drat_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the topic; TG_ARGV[1], when given: the column naming the key (a user id).
  IF TG_LEVEL = 'STATEMENT' OR TG_NARGS < 2 THEN
    PERFORM pg_notify('drat_changes', TG_ARGV[0]);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('drat_changes', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('drat_changes', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Alert pages: any change to any alert (one NOTIFY per statement, even for the lifecycle's bulk updates).
CREATE TRIGGER alerts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON alerts
  FOR EACH STATEMENT EXECUTE FUNCTION drat_notify_change('alerts');
--> statement-breakpoint
-- A user's tracked alerts: per user.
CREATE TRIGGER alert_trackers_changed AFTER INSERT OR UPDATE OR DELETE ON alert_trackers
  FOR EACH ROW EXECUTE FUNCTION drat_notify_change('trackers', 'user_id');
--> statement-breakpoint
CREATE TRIGGER alert_trackers_truncated AFTER TRUNCATE ON alert_trackers
  FOR EACH STATEMENT EXECUTE FUNCTION drat_notify_change('trackers');
--> statement-breakpoint
-- A user's running plans: per user.
CREATE TRIGGER subscriptions_changed AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION drat_notify_change('subscriptions', 'user_id');
--> statement-breakpoint
CREATE TRIGGER subscriptions_truncated AFTER TRUNCATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION drat_notify_change('subscriptions');
--> statement-breakpoint
-- What plans give (types, categories, plans and their types): everyone's rights.
CREATE TRIGGER alert_types_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON alert_types
  FOR EACH STATEMENT EXECUTE FUNCTION drat_notify_change('catalogue');
--> statement-breakpoint
CREATE TRIGGER alert_categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON alert_categories
  FOR EACH STATEMENT EXECUTE FUNCTION drat_notify_change('catalogue');
--> statement-breakpoint
CREATE TRIGGER plans_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plans
  FOR EACH STATEMENT EXECUTE FUNCTION drat_notify_change('catalogue');
--> statement-breakpoint
CREATE TRIGGER plan_alert_types_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plan_alert_types
  FOR EACH STATEMENT EXECUTE FUNCTION drat_notify_change('catalogue');
