-- hand-written:
-- A one-time booking placed its visit under the day's lock (greenscape_place_booked_visit, 0037) and
-- was refused in the app when the count said every crew was taken: the app read the count, then sent
-- the COMMIT or the ROLLBACK, a round trip with the day's lock held. This function refuses in the
-- database instead: when every crew is taken it raises GS409, which ends the transaction (its COMMIT
-- answers as a ROLLBACK), so the app sends the COMMIT with the booking's last statements and holds
-- the lock for no trip back to it (src/server/cache/announced-transaction.ts). When a crew is free it
-- places the visit exactly as greenscape_place_booked_visit does.
CREATE OR REPLACE FUNCTION greenscape_place_booked_visit_or_refuse(
  lock_namespace integer, lock_day integer, plan_id integer, occurrence date, visit_origin text,
  longest_visit interval, holding text[], OUT busy integer, OUT capacity integer
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  plan "schedules"%ROWTYPE;
BEGIN
  SELECT * INTO STRICT plan FROM "schedules" s WHERE s."id" = plan_id;
  SELECT counted.busy, counted.capacity INTO busy, capacity
    FROM greenscape_lock_day_and_count(lock_namespace, lock_day, plan."start_time", plan."end_time", longest_visit, holding) counted;
  IF busy >= capacity THEN
    RAISE EXCEPTION 'Every crew is taken at this time' USING ERRCODE = 'GS409';
  END IF;
  INSERT INTO "visits" ("id", "schedule_id", "customer_id", "service_id", "crew_id", "status", "total_price",
      "lawn_size_sq_ft", "notes", "special_instructions", "address", "city", "state", "zip_code",
      "occurrence_date", "start_time", "end_time", "origin")
    VALUES (plan."id", plan."id", plan."customer_id", plan."service_id", plan."crew_id", plan."status", plan."total_price",
      plan."lawn_size_sq_ft", plan."notes", plan."special_instructions", plan."address", plan."city", plan."state", plan."zip_code",
      occurrence, plan."start_time", plan."end_time", visit_origin);
END $$;
