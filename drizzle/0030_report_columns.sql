DROP INDEX "payments_completed_date_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attributed_service_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attributed_crew_id" integer;--> statement-breakpoint
-- An unpaid visit keeps its customer and start, so the owed report reads this table without visits.
ALTER TABLE "unpaid_visits" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "unpaid_visits" ADD COLUMN "start_time" timestamp with time zone;--> statement-breakpoint
UPDATE "unpaid_visits" u SET "customer_id" = v."customer_id", "start_time" = v."start_time" FROM "visits" v WHERE v."id" = u."visit_id";--> statement-breakpoint
ALTER TABLE "unpaid_visits" ALTER COLUMN "customer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "unpaid_visits" ALTER COLUMN "start_time" SET NOT NULL;--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION greenscape_owed_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "unpaid_visits";
  DELETE FROM "owed_total_changes";
  INSERT INTO "unpaid_visits" ("visit_id", "amount", "customer_id", "start_time")
  SELECT v."id", v."total_price", v."customer_id", v."start_time" FROM "visits" v
  WHERE v."status" = 'completed' AND v."total_price" > 0
    AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."status" = 'completed' AND p."visit_id" = v."id")
    AND NOT (v."id" = v."schedule_id" AND EXISTS (
      SELECT 1 FROM "payments" p
      WHERE p."status" = 'completed' AND p."visit_id" IS NULL AND p."schedule_id" = v."schedule_id"));
  INSERT INTO "owed_total_changes" ("unpaid_count", "amount")
  SELECT count(*), coalesce(sum("amount"), 0) FROM "unpaid_visits";
END $$;
--> statement-breakpoint
-- A completed visit moved to another day or customer refreshes too, so its row keeps up.
CREATE OR REPLACE FUNCTION greenscape_owed_visits_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM greenscape_owed_refresh(ARRAY(
    SELECT n."id" FROM new_rows n LEFT JOIN old_rows o ON o."id" = n."id"
    WHERE (n."status" = 'completed' OR o."status" = 'completed')
      AND (o."id" IS NULL OR (o."status", o."total_price", o."schedule_id", o."customer_id", o."start_time")
        IS DISTINCT FROM (n."status", n."total_price", n."schedule_id", n."customer_id", n."start_time"))
    UNION
    SELECT o."id" FROM old_rows o LEFT JOIN new_rows n ON n."id" = o."id"
    WHERE o."status" = 'completed' AND n."id" IS NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The owed total depends on a payment's status and what it pays for, nothing else: an update that
-- changes none of them (such as the attribution below) refreshes no visit.
CREATE OR REPLACE FUNCTION greenscape_owed_payments_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM greenscape_owed_refresh(ARRAY(
    SELECT x FROM new_rows n LEFT JOIN old_rows o ON o."id" = n."id", unnest(ARRAY[n."visit_id", n."schedule_id"]) AS x
    WHERE n."status" = 'completed' AND x IS NOT NULL
      AND (o."id" IS NULL OR (o."status", o."visit_id", o."schedule_id") IS DISTINCT FROM (n."status", n."visit_id", n."schedule_id"))
    UNION
    SELECT x FROM old_rows o LEFT JOIN new_rows n ON n."id" = o."id", unnest(ARRAY[o."visit_id", o."schedule_id"]) AS x
    WHERE o."status" = 'completed' AND x IS NOT NULL
      AND (n."id" IS NULL OR (o."status", o."visit_id", o."schedule_id") IS DISTINCT FROM (n."status", n."visit_id", n."schedule_id"))));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What the revenue report credits a payment to (docs/product-rules.md#reports): the service and crew
-- of its visit; else of its plan's one-time visit (whose id is the plan's); else of its plan, where a
-- quote's deposit, which names neither, reads the plan its accepted quote became.
CREATE OR REPLACE FUNCTION greenscape_payment_attribution(p_visit_id integer, p_schedule_id integer, p_id integer,
  OUT service_id integer, OUT crew_id integer) LANGUAGE plpgsql STABLE AS $$
DECLARE
  plan_id integer := p_schedule_id;
BEGIN
  IF p_visit_id IS NOT NULL THEN
    SELECT v."service_id", v."crew_id" INTO service_id, crew_id FROM "visits" v WHERE v."id" = p_visit_id;
    IF FOUND THEN RETURN; END IF;
  END IF;
  IF plan_id IS NULL AND p_visit_id IS NULL THEN
    SELECT qa."schedule_id" INTO plan_id FROM "quote_acceptances" qa WHERE qa."payment_id" = p_id;
  END IF;
  IF plan_id IS NULL THEN RETURN; END IF;
  SELECT v."service_id", v."crew_id" INTO service_id, crew_id FROM "visits" v WHERE v."id" = plan_id AND v."schedule_id" = plan_id;
  IF FOUND THEN RETURN; END IF;
  SELECT s."service_id", s."crew_id" INTO service_id, crew_id FROM "schedules" s WHERE s."id" = plan_id;
END $$;
--> statement-breakpoint
-- Recomputes the attribution of the payments a changed visit, plan or acceptance may be credited through.
CREATE OR REPLACE FUNCTION greenscape_payments_reattribute(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "payments" p SET "attributed_service_id" = a.service_id, "attributed_crew_id" = a.crew_id
  FROM (SELECT q."id", x.service_id, x.crew_id FROM "payments" q,
    LATERAL greenscape_payment_attribution(q."visit_id", q."schedule_id", q."id") x WHERE q."id" = ANY(ids)) a
  WHERE p."id" = a."id" AND (p."attributed_service_id", p."attributed_crew_id") IS DISTINCT FROM (a.service_id, a.crew_id);
$$;
--> statement-breakpoint
-- The payments credited through plan or visit `id`: its own, its plan's (when it is a one-time visit or a plan), and deposits of the quote that became it.
CREATE OR REPLACE FUNCTION greenscape_payments_through(target integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(
    SELECT p."id" FROM "payments" p WHERE p."visit_id" = target
    UNION SELECT p."id" FROM "payments" p WHERE p."schedule_id" = target AND p."visit_id" IS NULL
    UNION SELECT qa."payment_id" FROM "quote_acceptances" qa WHERE qa."schedule_id" = target AND qa."payment_id" IS NOT NULL);
$$;
--> statement-breakpoint
UPDATE "payments" p SET "attributed_service_id" = a.service_id, "attributed_crew_id" = a.crew_id
FROM (SELECT q."id", x.service_id, x.crew_id FROM "payments" q,
  LATERAL greenscape_payment_attribution(q."visit_id", q."schedule_id", q."id") x) a
WHERE p."id" = a."id" AND (a.service_id IS NOT NULL OR a.crew_id IS NOT NULL);
--> statement-breakpoint
CREATE INDEX "payments_completed_date_idx" ON "payments" USING btree ("payment_date","method","amount","attributed_service_id","attributed_crew_id","visit_id","schedule_id") WHERE "payments"."status" = 'completed';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION greenscape_payment_attributed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.service_id, a.crew_id INTO NEW."attributed_service_id", NEW."attributed_crew_id"
  FROM greenscape_payment_attribution(NEW."visit_id", NEW."schedule_id", NEW."id") a;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_attributed" BEFORE INSERT OR UPDATE OF "visit_id", "schedule_id" ON "payments"
FOR EACH ROW EXECUTE FUNCTION greenscape_payment_attributed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION greenscape_visit_reattributes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM greenscape_payments_reattribute(greenscape_payments_through(OLD."id"));
  ELSE
    PERFORM greenscape_payments_reattribute(greenscape_payments_through(NEW."id"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A one-time visit appears or goes (its plan's payments are credited through it), or any visit's service or crew changes.
CREATE TRIGGER "visits_reattribute_inserted" AFTER INSERT ON "visits"
FOR EACH ROW WHEN (NEW."id" = NEW."schedule_id") EXECUTE FUNCTION greenscape_visit_reattributes();
--> statement-breakpoint
CREATE TRIGGER "visits_reattribute_updated" AFTER UPDATE OF "service_id", "crew_id" ON "visits"
FOR EACH ROW WHEN ((OLD."service_id", OLD."crew_id") IS DISTINCT FROM (NEW."service_id", NEW."crew_id")) EXECUTE FUNCTION greenscape_visit_reattributes();
--> statement-breakpoint
CREATE TRIGGER "visits_reattribute_deleted" AFTER DELETE ON "visits"
FOR EACH ROW WHEN (OLD."id" = OLD."schedule_id") EXECUTE FUNCTION greenscape_visit_reattributes();
--> statement-breakpoint
CREATE TRIGGER "schedules_reattribute_updated" AFTER UPDATE OF "service_id", "crew_id" ON "schedules"
FOR EACH ROW WHEN ((OLD."service_id", OLD."crew_id") IS DISTINCT FROM (NEW."service_id", NEW."crew_id")) EXECUTE FUNCTION greenscape_visit_reattributes();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION greenscape_acceptance_reattributes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."payment_id" IS NOT NULL THEN
    PERFORM greenscape_payments_reattribute(ARRAY[OLD."payment_id"]);
  END IF;
  IF NEW."payment_id" IS NOT NULL THEN
    PERFORM greenscape_payments_reattribute(ARRAY[NEW."payment_id"]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "quote_acceptances_reattribute" AFTER INSERT OR UPDATE OF "payment_id", "schedule_id" ON "quote_acceptances"
FOR EACH ROW EXECUTE FUNCTION greenscape_acceptance_reattributes();
