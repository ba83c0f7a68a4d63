-- A booking takes its Austin day's capacity lock and then counts the crew-holding visits its slot
-- overlaps. That took two statements, because the count must see every booking committed while it
-- waited for the lock, and a statement sees only what was committed when it began. Each statement
-- of a volatile PL/pgSQL function sees what was committed when that statement began (READ
-- COMMITTED), so one call takes the lock and then counts: one round trip with the lock held, not two.
-- The rule's constants (the lock's namespace, the longest visit, the statuses that hold a crew) come
-- from the caller (src/server/schedules/crew-capacity.ts), which keeps them.
CREATE OR REPLACE FUNCTION greenscape_lock_day_and_count(
  lock_namespace integer, lock_day integer, slot_start timestamptz, slot_end timestamptz,
  longest_visit interval, holding text[], OUT busy integer, OUT capacity integer
) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(lock_namespace, lock_day);
  SELECT count(*)::integer INTO busy FROM "visits" v
    WHERE v."start_time" >= slot_start - longest_visit AND v."start_time" < slot_end AND v."end_time" > slot_start
      AND v."status" = ANY(holding);
  SELECT count(*)::integer INTO capacity FROM "crews" c WHERE c."active";
END $$;
--> statement-breakpoint
-- The customer with this email, or a new one: a booking, a quote's acceptance or an inquiry asked
-- for the record, then added it when there was none, two round trips for every new customer. One
-- call does both, without writing when the customer exists (an insert that adds nothing would still
-- announce a change to customers). The email is compared in lower case, as its unique index has it;
-- an insert that meets an email added a moment ago by another transaction finds that record.
CREATE OR REPLACE FUNCTION greenscape_find_or_add_customer(
  new_full_name text, new_email text, new_phone text, new_address text, new_city text, new_state text,
  new_zip_code text, new_notes text, OUT customer_id integer, OUT created boolean
) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  created := false;
  SELECT c."id" INTO customer_id FROM "customers" c WHERE lower(c."email") = lower(new_email);
  IF FOUND THEN RETURN; END IF;
  INSERT INTO "customers" ("full_name", "email", "phone", "address", "city", "state", "zip_code", "notes")
    VALUES (new_full_name, new_email, new_phone, new_address, new_city, new_state, new_zip_code, new_notes)
    ON CONFLICT DO NOTHING RETURNING "id" INTO customer_id;
  IF customer_id IS NOT NULL THEN
    created := true;
    RETURN;
  END IF;
  SELECT c."id" INTO customer_id FROM "customers" c WHERE lower(c."email") = lower(new_email);
END $$;
