ALTER TABLE "visits" ADD COLUMN "needs_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "visits_needs_time_idx" ON "visits" USING btree ("start_time") WHERE "visits"."needs_time";--> statement-breakpoint
-- Visits accepted quotes listed as needing a time and still untouched (pending, never changed on their own) carry the flag.
UPDATE "visits" SET "needs_time" = true
WHERE "status" = 'pending' AND NOT "changed"
  AND "id" IN (SELECT unnest("visits_needing_time") FROM "quote_acceptances");
