ALTER TABLE "quote_versions" ADD COLUMN "plan_season" integer;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD COLUMN "plan_rounds" integer;--> statement-breakpoint
-- Program quotes written before the season was kept: the season of their first round, one round.
UPDATE "quote_versions" SET "plan_season" = extract(year FROM "plan_first_date")::integer, "plan_rounds" = 1 WHERE "plan_kind" = 'program';--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_program_season_check" CHECK (("quote_versions"."plan_kind" = 'program') = ("quote_versions"."plan_season" is not null and "quote_versions"."plan_rounds" is not null));--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_plan_rounds_check" CHECK ("quote_versions"."plan_rounds" is null or "quote_versions"."plan_rounds" >= 1);--> statement-breakpoint
-- A lawn program's quote makes no plan: its deposit is credited to the service of the enrollment's
-- first round (the enrollment the accepted quote made), else as before (0030).
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
    IF plan_id IS NULL THEN
      SELECT er."service_id" INTO service_id
      FROM "quote_acceptances" qa
      JOIN "enrollments" e ON e."quote_id" = qa."quote_id"
      JOIN "enrollment_rounds" er ON er."enrollment_id" = e."id"
      WHERE qa."payment_id" = p_id
      ORDER BY er."position"
      LIMIT 1;
      RETURN;
    END IF;
  END IF;
  IF plan_id IS NULL THEN RETURN; END IF;
  SELECT v."service_id", v."crew_id" INTO service_id, crew_id FROM "visits" v WHERE v."id" = plan_id AND v."schedule_id" = plan_id;
  IF FOUND THEN RETURN; END IF;
  SELECT s."service_id", s."crew_id" INTO service_id, crew_id FROM "schedules" s WHERE s."id" = plan_id;
END $$;
