ALTER TABLE "quote_versions" DROP CONSTRAINT "quote_versions_plan_kind_check";--> statement-breakpoint
ALTER TABLE "quote_versions" ADD COLUMN "plan_program_id" integer;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD COLUMN "plan_lawn_size_sq_ft" integer;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD COLUMN "plan_auto_renew" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_plan_program_id_programs_id_fk" FOREIGN KEY ("plan_program_id") REFERENCES "public"."programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_program_check" CHECK (("quote_versions"."plan_kind" = 'program') = ("quote_versions"."plan_program_id" is not null));--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_lawn_size_check" CHECK ("quote_versions"."plan_lawn_size_sq_ft" is null or "quote_versions"."plan_lawn_size_sq_ft" >= 100);--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_plan_kind_check" CHECK ("quote_versions"."plan_kind" in ('one_time', 'recurring', 'program'));