-- hand-written:
-- Refreshing the owed total locked its visits FOR UPDATE, which waits for the key-share lock a new
-- payment's foreign key takes on its visit. A payment recorded for a visit while the visit's status
-- changed then deadlocked: the status change held the row and waited in its refresh for the
-- payment's key-share lock; the payment's refresh waited for the status change (owed.test.ts, one
-- run in six). FOR NO KEY UPDATE still makes refreshes of one visit wait for each other and for
-- the visit's writes, and lets a payment's foreign key check pass. What the function computes is unchanged.
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
  PERFORM 1 FROM "visits" v JOIN unnest(ids) AS a(id) ON v."id" = a.id ORDER BY v."id" FOR NO KEY UPDATE OF v;
  WITH gone AS (
    DELETE FROM "unpaid_visits" u USING unnest(ids) AS a(id) WHERE u."visit_id" = a.id RETURNING u."amount"
  )
  SELECT count(*), coalesce(sum("amount"), 0) INTO old_count, old_amount FROM gone;
  WITH added AS (
    INSERT INTO "unpaid_visits" ("visit_id", "amount", "customer_id", "start_time")
    SELECT v."id", v."total_price", v."customer_id", v."start_time"
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
