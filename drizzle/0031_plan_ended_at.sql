ALTER TABLE "schedules" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
-- Plans ended before this column existed: their last write is the best record of that day.
UPDATE "schedules" SET "ended_at" = "updated_at" WHERE "status" IN ('cancelled', 'completed');
--> statement-breakpoint
-- The moment a plan's status becomes cancelled or completed, whichever path saves it; cleared when it is active again.
CREATE OR REPLACE FUNCTION greenscape_plan_ended_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" NOT IN ('cancelled', 'completed') THEN
    NEW."ended_at" := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    NEW."ended_at" := coalesce(NEW."updated_at", now());
  ELSIF OLD."status" NOT IN ('cancelled', 'completed') THEN
    -- The save's own moment when it stamps one (the app's writes do, with the time they act at).
    NEW."ended_at" := CASE WHEN NEW."updated_at" IS DISTINCT FROM OLD."updated_at" THEN NEW."updated_at" ELSE now() END;
  ELSE
    NEW."ended_at" := OLD."ended_at";
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "schedules_ended_at" BEFORE INSERT OR UPDATE OF "status", "ended_at" ON "schedules"
FOR EACH ROW EXECUTE FUNCTION greenscape_plan_ended_at();
