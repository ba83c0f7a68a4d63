ALTER TABLE "customers" ADD COLUMN "location_source" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "location_source" text;--> statement-breakpoint
CREATE INDEX "customers_unlocated_idx" ON "customers" USING btree ("id") WHERE "customers"."location_source" is null;--> statement-breakpoint
CREATE INDEX "schedules_unlocated_idx" ON "schedules" USING btree ("id") WHERE "schedules"."location_source" is null;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_location_source_check" CHECK ("customers"."location_source" is null or "customers"."location_source" in ('census', 'zip', 'pin', 'none'));--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_location_source_check" CHECK ("schedules"."location_source" is null or "schedules"."location_source" in ('census', 'zip', 'pin', 'none'));--> statement-breakpoint
-- hand-written (locations): docs/product-rules.md#where-each-visit-is
-- A customer's or plan's location belongs to its address: whenever the address changes (and the
-- same statement does not set the location itself), the old location is cleared so the geocoding
-- job places the new address. Every writer is covered, the forms, the API and the portal alike.
-- Rows that exist already have no source, so the same job backfills them.
CREATE OR REPLACE FUNCTION greenscape_clear_stale_location() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."address", NEW."city", NEW."state", NEW."zip_code") IS DISTINCT FROM (OLD."address", OLD."city", OLD."state", OLD."zip_code")
     AND NEW."location_source" IS NOT DISTINCT FROM OLD."location_source"
     AND NEW."latitude" IS NOT DISTINCT FROM OLD."latitude"
     AND NEW."longitude" IS NOT DISTINCT FROM OLD."longitude" THEN
    NEW."latitude" := NULL;
    NEW."longitude" := NULL;
    NEW."location_source" := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "customers_clear_stale_location" BEFORE UPDATE OF "address", "city", "state", "zip_code" ON "customers"
FOR EACH ROW EXECUTE FUNCTION greenscape_clear_stale_location();
--> statement-breakpoint
CREATE TRIGGER "schedules_clear_stale_location" BEFORE UPDATE OF "address", "city", "state", "zip_code" ON "schedules"
FOR EACH ROW EXECUTE FUNCTION greenscape_clear_stale_location();
