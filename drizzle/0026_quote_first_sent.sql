ALTER TABLE "quotes" ADD COLUMN "first_sent_at" timestamp with time zone;--> statement-breakpoint
-- Quotes sent before this column kept only their latest sending: it is the best first sending known.
UPDATE "quotes" SET "first_sent_at" = "sent_at" WHERE "sent_at" IS NOT NULL;
