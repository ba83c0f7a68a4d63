ALTER TABLE "visits" ADD COLUMN "customer_change" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "changed_by" text;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_customer_change_check" CHECK ("visits"."customer_change" is null or "visits"."customer_change" in ('skipped', 'rescheduled', 'paused'));--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_changed_by_check" CHECK ("visits"."changed_by" is null or "visits"."changed_by" in ('customer', 'staff'));