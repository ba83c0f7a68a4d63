CREATE TABLE "visits" (
	"id" integer PRIMARY KEY DEFAULT nextval('schedules_id_seq') NOT NULL,
	"schedule_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"service_id" integer,
	"occurrence_date" date NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_price" integer NOT NULL,
	"lawn_size_sq_ft" integer,
	"notes" text,
	"special_instructions" text,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"origin" text NOT NULL,
	"changed" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_status_check" CHECK ("visits"."status" in ('pending', 'confirmed', 'completed', 'cancelled')),
	CONSTRAINT "visits_origin_check" CHECK ("visits"."origin" in ('booked', 'staff', 'series')),
	CONSTRAINT "visits_time_order_check" CHECK ("visits"."end_time" > "visits"."start_time"),
	CONSTRAINT "visits_total_price_check" CHECK ("visits"."total_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "visits_generated_through" date;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visits_schedule_occurrence_idx" ON "visits" USING btree ("schedule_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "visits_start_time_idx" ON "visits" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "visits_customer_idx" ON "visits" USING btree ("customer_id","start_time");--> statement-breakpoint
-- hand-written (visits):
-- Today's plans become visit rows. A one-time plan's visit keeps the plan's id, so old links work.
INSERT INTO "visits" (id, schedule_id, customer_id, service_id, occurrence_date, start_time, end_time, status, total_price, lawn_size_sq_ft, notes, special_instructions, address, city, state, zip_code, origin, changed, changed_at, created_at, updated_at)
SELECT s.id, s.id, s.customer_id, s.service_id, (s.start_time AT TIME ZONE 'America/Chicago')::date, s.start_time, s.end_time,
  s.status, s.total_price, s.lawn_size_sq_ft, s.notes, s.special_instructions, s.address, s.city, s.state, s.zip_code,
  CASE WHEN s.booking_reference IS NULL THEN 'staff' ELSE 'booked' END, false, NULL, s.created_at, s.updated_at
FROM "schedules" s
WHERE NOT s.is_recurring;--> statement-breakpoint
-- A series: every visit from its first through 400 days ahead (or its end date, the first visit
-- always counting), each at the first visit's Austin wall-clock time and length; a visit moved or
-- given its own status in schedule_visit_changes keeps that and is marked changed.
INSERT INTO "visits" (schedule_id, customer_id, service_id, occurrence_date, start_time, end_time, status, total_price, lawn_size_sq_ft, notes, special_instructions, address, city, state, zip_code, origin, changed, changed_at, created_at, updated_at)
SELECT s.id, s.customer_id, s.service_id, o.occurrence_date,
  COALESCE(c.start_time, o.start_time), COALESCE(c.end_time, o.start_time + (s.end_time - s.start_time)),
  COALESCE(c.status, s.status), s.total_price, s.lawn_size_sq_ft, s.notes, s.special_instructions, s.address, s.city, s.state, s.zip_code,
  'series', c.schedule_id IS NOT NULL, c.updated_at, s.created_at, s.updated_at
FROM "schedules" s
CROSS JOIN LATERAL (
  SELECT n, local_start::date AS occurrence_date, local_start AT TIME ZONE 'America/Chicago' AS start_time
  FROM (
    SELECT n, (s.start_time AT TIME ZONE 'America/Chicago') + n * (CASE COALESCE(s.recurring_frequency, 'weekly')
      WHEN 'monthly' THEN interval '1 month' WHEN 'biweekly' THEN interval '14 days' ELSE interval '7 days' END) AS local_start
    FROM generate_series(0, 2000) AS n
  ) steps
) o
LEFT JOIN "schedule_visit_changes" c ON c.schedule_id = s.id AND c.occurrence_date = o.occurrence_date
WHERE s.is_recurring
  AND o.occurrence_date <= (now() AT TIME ZONE 'America/Chicago')::date + 400
  AND (o.n = 0 OR s.recurring_end_date IS NULL OR o.occurrence_date <= (s.recurring_end_date AT TIME ZONE 'America/Chicago')::date);--> statement-breakpoint
UPDATE "schedules" SET "visits_generated_through" = (now() AT TIME ZONE 'America/Chicago')::date + 400 WHERE "is_recurring";--> statement-breakpoint
DROP TABLE "schedule_visit_changes" CASCADE;
--> statement-breakpoint
-- Writes to visits change availability and the month lists: announce them like the other watched tables.
DROP TRIGGER IF EXISTS greenscape_announce_change ON "visits";
--> statement-breakpoint
CREATE TRIGGER greenscape_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "visits"
  FOR EACH STATEMENT EXECUTE FUNCTION greenscape_announce_change();
