-- hand-written:
-- The day's count (greenscape_lock_day_and_count, 0035) was planned afresh at every booking, under
-- the day's lock: PostgreSQL's plan cache priced the plan kept for any slot (its range estimated
-- from no values) above the one made for each slot's values, so it never kept one. Both plans are the
-- same scan of visits_start_time_idx; planning it again was a third of the count's time (0.2 ms of a
-- booking, bench/RESULTS.md, issue 42). The function now keeps its plans.
ALTER FUNCTION greenscape_lock_day_and_count(integer, integer, timestamptz, timestamptz, interval, text[])
  SET plan_cache_mode = force_generic_plan;
