CREATE TABLE "enrollment_rounds" (
	"enrollment_id" integer NOT NULL,
	"position" integer NOT NULL,
	"service_id" integer NOT NULL,
	"window_start" text NOT NULL,
	"window_end" text NOT NULL,
	"min_days_since_previous" integer NOT NULL,
	"purpose" text NOT NULL,
	"price" integer NOT NULL,
	"visit_id" integer,
	"skipped_at" timestamp with time zone,
	"skipped_by" text,
	CONSTRAINT "enrollment_rounds_enrollment_id_position_pk" PRIMARY KEY("enrollment_id","position"),
	CONSTRAINT "enrollment_rounds_window_start_check" CHECK ("enrollment_rounds"."window_start" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'),
	CONSTRAINT "enrollment_rounds_window_end_check" CHECK ("enrollment_rounds"."window_end" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'),
	CONSTRAINT "enrollment_rounds_skipped_by_check" CHECK ("enrollment_rounds"."skipped_by" is null or "enrollment_rounds"."skipped_by" in ('customer', 'staff')),
	CONSTRAINT "enrollment_rounds_skipped_check" CHECK (("enrollment_rounds"."skipped_at" is null) = ("enrollment_rounds"."skipped_by" is null)),
	CONSTRAINT "enrollment_rounds_price_check" CHECK ("enrollment_rounds"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"season" integer NOT NULL,
	"lawn_size_sq_ft" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text NOT NULL,
	"quote_id" integer,
	"renewed_from_id" integer,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"renewal_notice_sent_at" timestamp with time zone,
	"renewal_stopped_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollments_status_check" CHECK ("enrollments"."status" in ('active', 'cancelled')),
	CONSTRAINT "enrollments_source_check" CHECK ("enrollments"."source" in ('staff', 'quote', 'renewal', 'api')),
	CONSTRAINT "enrollments_season_check" CHECK ("enrollments"."season" between 2000 and 2200),
	CONSTRAINT "enrollments_lawn_size_check" CHECK ("enrollments"."lawn_size_sq_ft" is null or "enrollments"."lawn_size_sq_ft" > 0)
);
--> statement-breakpoint
CREATE TABLE "program_round_products" (
	"round_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"rate_thousandths" integer NOT NULL,
	CONSTRAINT "program_round_products_round_id_product_id_pk" PRIMARY KEY("round_id","product_id"),
	CONSTRAINT "program_round_products_rate_check" CHECK ("program_round_products"."rate_thousandths" > 0)
);
--> statement-breakpoint
CREATE TABLE "program_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"position" integer NOT NULL,
	"service_id" integer NOT NULL,
	"window_start" text NOT NULL,
	"window_end" text NOT NULL,
	"min_days_since_previous" integer DEFAULT 0 NOT NULL,
	"purpose" text NOT NULL,
	"price" integer NOT NULL,
	"price_per_sq_ft" integer,
	CONSTRAINT "program_rounds_position_check" CHECK ("program_rounds"."position" between 1 and 24),
	CONSTRAINT "program_rounds_window_start_check" CHECK ("program_rounds"."window_start" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'),
	CONSTRAINT "program_rounds_window_end_check" CHECK ("program_rounds"."window_end" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'),
	CONSTRAINT "program_rounds_window_order_check" CHECK ("program_rounds"."window_start" <= "program_rounds"."window_end"),
	CONSTRAINT "program_rounds_gap_check" CHECK ("program_rounds"."min_days_since_previous" between 0 and 365),
	CONSTRAINT "program_rounds_price_check" CHECK ("program_rounds"."price" > 0 and ("program_rounds"."price_per_sq_ft" is null or "program_rounds"."price_per_sq_ft" > 0))
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_record_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"epa_registration_number" text NOT NULL,
	"unit" text NOT NULL,
	"amount_thousandths" integer,
	"rate_thousandths" integer,
	"mixing_rate" text,
	"total_mix" text,
	CONSTRAINT "application_record_products_unit_check" CHECK ("application_record_products"."unit" in ('fl oz', 'oz', 'lb', 'gal', 'qt')),
	CONSTRAINT "application_record_products_amount_check" CHECK (("application_record_products"."amount_thousandths" is not null and "application_record_products"."amount_thousandths" > 0) or ("application_record_products"."mixing_rate" is not null and "application_record_products"."total_mix" is not null))
);
--> statement-breakpoint
CREATE TABLE "application_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer,
	"customer_id" integer,
	"amends_record_id" integer,
	"amendment_reason" text,
	"applied_on" date NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"customer_name" text NOT NULL,
	"billing_address" text NOT NULL,
	"service_address" text NOT NULL,
	"area_treated_sq_ft" integer NOT NULL,
	"target_pest" text NOT NULL,
	"wind_speed_mph" integer NOT NULL,
	"wind_direction" text,
	"temperature_f" integer NOT NULL,
	"applicator_staff_user_id" integer,
	"applicator_name" text NOT NULL,
	"applicator_license_type" text NOT NULL,
	"applicator_license_number" text NOT NULL,
	"supervisor_name" text,
	"supervisor_license_number" text,
	"business_license_number" text NOT NULL,
	"recorded_via" text NOT NULL,
	"recorded_by_staff_user_id" integer,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_records_recorded_via_check" CHECK ("application_records"."recorded_via" in ('crew', 'office', 'api')),
	CONSTRAINT "application_records_license_type_check" CHECK ("application_records"."applicator_license_type" in ('certified_applicator', 'technician')),
	CONSTRAINT "application_records_area_check" CHECK ("application_records"."area_treated_sq_ft" > 0),
	CONSTRAINT "application_records_wind_check" CHECK ("application_records"."wind_speed_mph" between 0 and 60),
	CONSTRAINT "application_records_temperature_check" CHECK ("application_records"."temperature_f" between -20 and 130),
	CONSTRAINT "application_records_amendment_check" CHECK (("application_records"."amends_record_id" is null) = ("application_records"."amendment_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "enrollment_rounds" ADD CONSTRAINT "enrollment_rounds_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_rounds" ADD CONSTRAINT "enrollment_rounds_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_rounds" ADD CONSTRAINT "enrollment_rounds_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_round_products" ADD CONSTRAINT "program_round_products_round_id_program_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."program_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_round_products" ADD CONSTRAINT "program_round_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_rounds" ADD CONSTRAINT "program_rounds_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_rounds" ADD CONSTRAINT "program_rounds_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_record_products" ADD CONSTRAINT "application_record_products_record_id_application_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."application_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_record_products" ADD CONSTRAINT "application_record_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_records" ADD CONSTRAINT "application_records_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_records" ADD CONSTRAINT "application_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_records" ADD CONSTRAINT "application_records_amends_record_id_application_records_id_fk" FOREIGN KEY ("amends_record_id") REFERENCES "public"."application_records"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_records" ADD CONSTRAINT "application_records_applicator_staff_user_id_staff_users_id_fk" FOREIGN KEY ("applicator_staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_records" ADD CONSTRAINT "application_records_recorded_by_staff_user_id_staff_users_id_fk" FOREIGN KEY ("recorded_by_staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enrollment_rounds_visit_unique" ON "enrollment_rounds" USING btree ("visit_id") WHERE "enrollment_rounds"."visit_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_customer_program_season_unique" ON "enrollments" USING btree ("customer_id","program_id","season");--> statement-breakpoint
CREATE INDEX "enrollments_season_idx" ON "enrollments" USING btree ("season") WHERE "enrollments"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "program_rounds_position_unique" ON "program_rounds" USING btree ("program_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_active_name_unique" ON "programs" USING btree (lower("name")) WHERE "programs"."active";--> statement-breakpoint
CREATE INDEX "application_record_products_record_idx" ON "application_record_products" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "application_record_products_product_idx" ON "application_record_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_records_visit_unique" ON "application_records" USING btree ("visit_id") WHERE "application_records"."amends_record_id" is null and "application_records"."visit_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "application_records_amends_unique" ON "application_records" USING btree ("amends_record_id") WHERE "application_records"."amends_record_id" is not null;--> statement-breakpoint
CREATE INDEX "application_records_applied_on_idx" ON "application_records" USING btree ("applied_on");--> statement-breakpoint
CREATE INDEX "application_records_customer_idx" ON "application_records" USING btree ("customer_id","applied_on");--> statement-breakpoint
CREATE INDEX "application_records_applicator_idx" ON "application_records" USING btree ("applicator_staff_user_id","applied_on");--> statement-breakpoint
-- Application records (4 TAC §7.144) are kept two years and never rewritten after their day: a
-- correction is a new row that amends the original. The links to a removed visit, customer or staff
-- member may still be cleared (ON DELETE SET NULL): the record keeps their names as written.
CREATE OR REPLACE FUNCTION greenscape_keep_application_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  links CONSTANT text[] := ARRAY['visit_id', 'customer_id', 'applicator_staff_user_id', 'recorded_by_staff_user_id'];
  austin_today date := (now() AT TIME ZONE 'America/Chicago')::date;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."applied_on" > austin_today - interval '2 years' THEN
      RAISE EXCEPTION 'An application record is kept for two years and cannot be removed.' USING ERRCODE = 'P0001', HINT = 'application_record_kept';
    END IF;
    RETURN OLD;
  END IF;
  IF (to_jsonb(NEW) - links) IS DISTINCT FROM (to_jsonb(OLD) - links) AND OLD."applied_on" < austin_today THEN
    RAISE EXCEPTION 'An application record cannot change after its day; record an amendment instead.' USING ERRCODE = 'P0001', HINT = 'application_record_kept';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "application_records_keep" BEFORE UPDATE OR DELETE ON "application_records"
FOR EACH ROW EXECUTE FUNCTION greenscape_keep_application_record();
--> statement-breakpoint
-- A record's products change with it: on its day, or never (a record deleted after two years takes them along).
CREATE OR REPLACE FUNCTION greenscape_keep_application_record_product() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  applied date;
BEGIN
  SELECT "applied_on" INTO applied FROM "application_records" WHERE "id" = OLD."record_id";
  IF FOUND AND applied < (now() AT TIME ZONE 'America/Chicago')::date THEN
    RAISE EXCEPTION 'An application record cannot change after its day; record an amendment instead.' USING ERRCODE = 'P0001', HINT = 'application_record_kept';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "application_record_products_keep" BEFORE UPDATE OR DELETE ON "application_record_products"
FOR EACH ROW EXECUTE FUNCTION greenscape_keep_application_record_product();
