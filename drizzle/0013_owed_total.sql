CREATE TABLE "owed_total_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"unpaid_count" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unpaid_visits" (
	"visit_id" integer PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payments_schedule_idx" ON "payments" USING btree ("schedule_id");--> statement-breakpoint
-- hand-written (owed total): the dashboard's owed total without a scan of every completed visit.
-- "unpaid_visits" holds exactly the visits src/server/payments/owed.ts calls unpaid (completed, priced,
-- no completed payment linked to the visit or, for a one-time visit, to its plan), and the total is the
-- sum of "owed_total_changes". Every statement that changes visits or completed payments refreshes the
-- visits it touched: it locks them, takes their rows out of "unpaid_visits", puts back the ones unpaid
-- now, and appends the difference. A refresh reads the current state, so it is right whatever came
-- before it; the lock on the visit makes a change to a visit and a payment for it, in two transactions
-- at once, refresh one after the other (read committed: the second sees what the first committed).
CREATE OR REPLACE FUNCTION greenscape_owed_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old_count bigint;
  old_amount bigint;
  new_count bigint;
  new_amount bigint;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "visits" v JOIN unnest(ids) AS a(id) ON v."id" = a.id ORDER BY v."id" FOR UPDATE OF v;
  WITH gone AS (
    DELETE FROM "unpaid_visits" u USING unnest(ids) AS a(id) WHERE u."visit_id" = a.id RETURNING u."amount"
  )
  SELECT count(*), coalesce(sum("amount"), 0) INTO old_count, old_amount FROM gone;
  WITH added AS (
    INSERT INTO "unpaid_visits" ("visit_id", "amount")
    SELECT v."id", v."total_price"
    FROM "visits" v JOIN unnest(ids) AS a(id) ON v."id" = a.id
    WHERE v."status" = 'completed' AND v."total_price" > 0
      AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."status" = 'completed' AND p."visit_id" = v."id")
      AND NOT (v."id" = v."schedule_id" AND EXISTS (
        SELECT 1 FROM "payments" p
        WHERE p."status" = 'completed' AND p."visit_id" IS NULL AND p."schedule_id" = v."schedule_id"))
    RETURNING "amount"
  )
  SELECT count(*), coalesce(sum("amount"), 0) INTO new_count, new_amount FROM added;
  IF new_count <> old_count OR new_amount <> old_amount THEN
    INSERT INTO "owed_total_changes" ("unpaid_count", "amount") VALUES (new_count - old_count, new_amount - old_amount);
  END IF;
END $$;
--> statement-breakpoint
-- Every visit from scratch: at this migration, and after a TRUNCATE (which row changes do not see).
CREATE OR REPLACE FUNCTION greenscape_owed_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "unpaid_visits";
  DELETE FROM "owed_total_changes";
  INSERT INTO "unpaid_visits" ("visit_id", "amount")
  SELECT v."id", v."total_price" FROM "visits" v
  WHERE v."status" = 'completed' AND v."total_price" > 0
    AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."status" = 'completed' AND p."visit_id" = v."id")
    AND NOT (v."id" = v."schedule_id" AND EXISTS (
      SELECT 1 FROM "payments" p
      WHERE p."status" = 'completed' AND p."visit_id" IS NULL AND p."schedule_id" = v."schedule_id"));
  INSERT INTO "owed_total_changes" ("unpaid_count", "amount")
  SELECT count(*), coalesce(sum("amount"), 0) FROM "unpaid_visits";
END $$;
--> statement-breakpoint
-- Folds the changes into one row; the sum stays the same, whatever runs beside it.
CREATE OR REPLACE FUNCTION greenscape_owed_compact() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM "owed_total_changes" RETURNING "unpaid_count", "amount")
  INSERT INTO "owed_total_changes" ("unpaid_count", "amount")
  SELECT coalesce(sum("unpaid_count"), 0), coalesce(sum("amount"), 0) FROM gone;
$$;
--> statement-breakpoint
-- Only a completed visit can owe, before or after the change: bookings and other visits cost a scan of
-- the statement's own rows and nothing more.
CREATE OR REPLACE FUNCTION greenscape_owed_visits_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM greenscape_owed_refresh(ARRAY(SELECT n."id" FROM new_rows n WHERE n."status" = 'completed'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION greenscape_owed_visits_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM greenscape_owed_refresh(ARRAY(
    SELECT n."id" FROM new_rows n LEFT JOIN old_rows o ON o."id" = n."id"
    WHERE (n."status" = 'completed' OR o."status" = 'completed')
      AND (o."id" IS NULL OR (o."status", o."total_price", o."schedule_id") IS DISTINCT FROM (n."status", n."total_price", n."schedule_id"))
    UNION
    SELECT o."id" FROM old_rows o LEFT JOIN new_rows n ON n."id" = o."id"
    WHERE o."status" = 'completed' AND n."id" IS NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION greenscape_owed_visits_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM greenscape_owed_refresh(ARRAY(SELECT o."id" FROM old_rows o WHERE o."status" = 'completed'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A completed payment pays its visit, or the one-time visit whose id is its plan's id: refresh both.
CREATE OR REPLACE FUNCTION greenscape_owed_payments_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM greenscape_owed_refresh(ARRAY(
    SELECT DISTINCT x FROM new_rows n, unnest(ARRAY[n."visit_id", n."schedule_id"]) AS x
    WHERE n."status" = 'completed' AND x IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION greenscape_owed_payments_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM greenscape_owed_refresh(ARRAY(
    SELECT x FROM new_rows n, unnest(ARRAY[n."visit_id", n."schedule_id"]) AS x
    WHERE n."status" = 'completed' AND x IS NOT NULL
    UNION
    SELECT x FROM old_rows o, unnest(ARRAY[o."visit_id", o."schedule_id"]) AS x
    WHERE o."status" = 'completed' AND x IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION greenscape_owed_payments_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM greenscape_owed_refresh(ARRAY(
    SELECT DISTINCT x FROM old_rows o, unnest(ARRAY[o."visit_id", o."schedule_id"]) AS x
    WHERE o."status" = 'completed' AND x IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION greenscape_owed_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM greenscape_owed_recount();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "visits_owed_inserted" AFTER INSERT ON "visits" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION greenscape_owed_visits_inserted();
--> statement-breakpoint
CREATE TRIGGER "visits_owed_updated" AFTER UPDATE ON "visits" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION greenscape_owed_visits_updated();
--> statement-breakpoint
CREATE TRIGGER "visits_owed_deleted" AFTER DELETE ON "visits" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION greenscape_owed_visits_deleted();
--> statement-breakpoint
CREATE TRIGGER "visits_owed_truncated" AFTER TRUNCATE ON "visits"
  FOR EACH STATEMENT EXECUTE FUNCTION greenscape_owed_truncated();
--> statement-breakpoint
CREATE TRIGGER "payments_owed_inserted" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION greenscape_owed_payments_inserted();
--> statement-breakpoint
CREATE TRIGGER "payments_owed_updated" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION greenscape_owed_payments_updated();
--> statement-breakpoint
CREATE TRIGGER "payments_owed_deleted" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION greenscape_owed_payments_deleted();
--> statement-breakpoint
CREATE TRIGGER "payments_owed_truncated" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION greenscape_owed_truncated();
--> statement-breakpoint
SELECT greenscape_owed_recount();
