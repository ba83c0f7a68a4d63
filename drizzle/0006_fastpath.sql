-- hand-written (fastpath):
-- Every write to a table that a cached answer or a cached sign-in is made of announces the table's
-- name on the channel greenscape_changes; every app instance LISTENs and drops what it cached.
-- Statement triggers: one notification per statement however many rows it touched (and PostgreSQL
-- folds repeats within a transaction), sent only when the transaction commits.
CREATE OR REPLACE FUNCTION greenscape_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('greenscape_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The one list of watched tables: the catalogue and availability (services, visits and their
-- changes, settings such as crew capacity) and sign-ins (sessions, the people, API keys).
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY[
    'services', 'schedules', 'schedule_visit_changes', 'business_settings',
    'staff_sessions', 'staff_users', 'customer_sessions', 'customers', 'api_keys'
  ] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS greenscape_announce_change ON %I', watched);
    EXECUTE format(
      'CREATE TRIGGER greenscape_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION greenscape_announce_change()',
      watched
    );
  END LOOP;
END
$$;
