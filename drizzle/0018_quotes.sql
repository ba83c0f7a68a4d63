CREATE TABLE "quote_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"version" integer NOT NULL,
	"signed_name" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"client_address" text NOT NULL,
	"optional_item_ids" integer[] NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"deposit" integer NOT NULL,
	"status" text NOT NULL,
	"payment_id" integer,
	"schedule_id" integer,
	"visits_needing_time" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_acceptances_status_check" CHECK ("quote_acceptances"."status" in ('awaiting_deposit', 'accepted', 'void')),
	CONSTRAINT "quote_acceptances_money_check" CHECK ("quote_acceptances"."subtotal" >= 0 and "quote_acceptances"."tax" >= 0 and "quote_acceptances"."total" >= 0 and "quote_acceptances"."deposit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"position" integer NOT NULL,
	"service_id" integer,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	CONSTRAINT "quote_line_items_quantity_check" CHECK ("quote_line_items"."quantity" > 0),
	CONSTRAINT "quote_line_items_unit_price_check" CHECK ("quote_line_items"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_request_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_request_photos_type_check" CHECK ("quote_request_photos"."content_type" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"address" text NOT NULL,
	"city" text,
	"zip_code" text NOT NULL,
	"description" text NOT NULL,
	"preferred_time" text,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quote_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"version" integer NOT NULL,
	"tax_rate_basis_points" integer NOT NULL,
	"expires_on" date NOT NULL,
	"terms" text NOT NULL,
	"message" text,
	"plan_kind" text NOT NULL,
	"plan_service_id" integer,
	"plan_frequency" text,
	"plan_first_date" date NOT NULL,
	"plan_start_time" text NOT NULL,
	"plan_duration_minutes" integer NOT NULL,
	"plan_end_date" date,
	"plan_price_per_visit" integer,
	"deposit_kind" text DEFAULT 'none' NOT NULL,
	"deposit_value" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_versions_plan_kind_check" CHECK ("quote_versions"."plan_kind" in ('one_time', 'recurring')),
	CONSTRAINT "quote_versions_deposit_kind_check" CHECK ("quote_versions"."deposit_kind" in ('none', 'percent', 'amount')),
	CONSTRAINT "quote_versions_tax_check" CHECK ("quote_versions"."tax_rate_basis_points" between 0 and 10000),
	CONSTRAINT "quote_versions_deposit_value_check" CHECK ("quote_versions"."deposit_value" >= 0),
	CONSTRAINT "quote_versions_price_check" CHECK ("quote_versions"."plan_price_per_visit" is null or "quote_versions"."plan_price_per_visit" >= 0),
	CONSTRAINT "quote_versions_duration_check" CHECK ("quote_versions"."plan_duration_minutes" between 15 and 720)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer,
	"customer_id" integer,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"address" text NOT NULL,
	"city" text,
	"state" text DEFAULT 'TX' NOT NULL,
	"zip_code" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"token_hash" text,
	"token_revoked_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"accepted_at" timestamp with time zone,
	"schedule_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'expired')),
	CONSTRAINT "quotes_current_version_check" CHECK ("quotes"."current_version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_version_id_quote_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."quote_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_acceptances" ADD CONSTRAINT "quote_acceptances_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD CONSTRAINT "quote_line_items_version_id_quote_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."quote_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_line_items" ADD CONSTRAINT "quote_line_items_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_photos" ADD CONSTRAINT "quote_request_photos_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_plan_service_id_services_id_fk" FOREIGN KEY ("plan_service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_created_by_user_id_staff_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_user_id_staff_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_acceptances_live_idx" ON "quote_acceptances" USING btree ("quote_id") WHERE "quote_acceptances"."status" <> 'void';--> statement-breakpoint
CREATE UNIQUE INDEX "quote_acceptances_payment_idx" ON "quote_acceptances" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "quote_line_items_version_idx" ON "quote_line_items" USING btree ("version_id","position");--> statement-breakpoint
CREATE INDEX "quote_request_photos_request_idx" ON "quote_request_photos" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "quote_requests_open_idx" ON "quote_requests" USING btree ("created_at") WHERE "quote_requests"."handled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_versions_quote_version_idx" ON "quote_versions" USING btree ("quote_id","version");--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "quotes_customer_idx" ON "quotes" USING btree ("customer_id");