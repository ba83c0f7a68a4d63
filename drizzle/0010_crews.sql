CREATE TABLE "crews" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "crew_id" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "crew_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "crews_active_name_idx" ON "crews" USING btree (lower("name")) WHERE "crews"."active";--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_crew_idx" ON "visits" USING btree ("crew_id","start_time") WHERE "visits"."crew_id" is not null;--> statement-breakpoint
-- hand-written (crews):
-- The crew capacity number becomes that many named crews (two when it was never set), then goes.
INSERT INTO "crews" ("name", "position")
SELECT 'Crew ' || n, n
FROM generate_series(
  1,
  coalesce(
    (SELECT least(greatest(floor(("value" #>> '{}')::numeric)::int, 1), 50)
       FROM "business_settings" WHERE "key" = 'crew_capacity' AND jsonb_typeof("value") = 'number'),
    2
  )
) AS n;
--> statement-breakpoint
DELETE FROM "business_settings" WHERE "key" = 'crew_capacity';
--> statement-breakpoint
-- Availability counts the crews: a change to them must drop cached answers.
DROP TRIGGER IF EXISTS greenscape_announce_change ON "crews";
--> statement-breakpoint
CREATE TRIGGER greenscape_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "crews"
  FOR EACH STATEMENT EXECUTE FUNCTION greenscape_announce_change();
