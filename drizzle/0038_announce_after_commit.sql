-- hand-written:
-- Every booking's commit announced customers, schedules and visits on the change channel (0006).
-- PostgreSQL makes the commits of transactions that notify wait for each other (a lock taken before
-- the commit's WAL flush and held to its end), so a rush of bookings committed one at a time. A
-- transaction that announces its writes itself once committed (src/server/cache/announced-transaction.ts)
-- says so with the transaction-local setting greenscape.announce_after_commit; its writes then notify
-- nothing at its commit. Every other write announces itself here, as before.
CREATE OR REPLACE FUNCTION greenscape_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('greenscape.announce_after_commit', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('greenscape_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
