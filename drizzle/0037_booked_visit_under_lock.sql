-- hand-written:
-- A one-time booking took its day's lock and counted (greenscape_lock_day_and_count, 0035), and then
-- wrote its visit in a statement of its own: two round trips with the lock held. One call now does
-- all three: the lock, the count, and, when a crew is free, the visit, made from its plan as
-- createPlanVisits makes it (src/server/schedules/plan-visits.ts; a test compares the two rows).
-- Nothing is written when every crew is taken: the caller refuses the booking and rolls back.
CREATE OR REPLACE FUNCTION greenscape_place_booked_visit(
  lock_namespace integer, lock_day integer, plan_id integer, occurrence date, visit_origin text,
  longest_visit interval, holding text[], OUT busy integer, OUT capacity integer
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  plan "schedules"%ROWTYPE;
BEGIN
  SELECT * INTO STRICT plan FROM "schedules" s WHERE s."id" = plan_id;
  SELECT counted.busy, counted.capacity INTO busy, capacity
    FROM greenscape_lock_day_and_count(lock_namespace, lock_day, plan."start_time", plan."end_time", longest_visit, holding) counted;
  IF busy >= capacity THEN RETURN; END IF;
  INSERT INTO "visits" ("id", "schedule_id", "customer_id", "service_id", "crew_id", "status", "total_price",
      "lawn_size_sq_ft", "notes", "special_instructions", "address", "city", "state", "zip_code",
      "occurrence_date", "start_time", "end_time", "origin")
    VALUES (plan."id", plan."id", plan."customer_id", plan."service_id", plan."crew_id", plan."status", plan."total_price",
      plan."lawn_size_sq_ft", plan."notes", plan."special_instructions", plan."address", plan."city", plan."state", plan."zip_code",
      occurrence, plan."start_time", plan."end_time", visit_origin);
END $$;
