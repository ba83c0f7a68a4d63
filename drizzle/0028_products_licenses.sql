CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"epa_registration_number" text NOT NULL,
	"active_ingredients" jsonb NOT NULL,
	"unit" text NOT NULL,
	"default_rate_thousandths" integer NOT NULL,
	"mixing_rate" text,
	"restricted_use" boolean DEFAULT false NOT NULL,
	"keep_off_advice" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_unit_check" CHECK ("products"."unit" in ('fl oz', 'oz', 'lb', 'gal', 'qt')),
	CONSTRAINT "products_rate_check" CHECK ("products"."default_rate_thousandths" > 0)
);
--> statement-breakpoint
CREATE TABLE "staff_licenses" (
	"staff_user_id" integer PRIMARY KEY NOT NULL,
	"license_type" text NOT NULL,
	"license_number" text NOT NULL,
	"expires_on" date NOT NULL,
	"supervisor_staff_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_licenses_type_check" CHECK ("staff_licenses"."license_type" in ('certified_applicator', 'technician')),
	CONSTRAINT "staff_licenses_supervisor_check" CHECK ("staff_licenses"."license_type" = 'technician' or "staff_licenses"."supervisor_staff_user_id" is null),
	CONSTRAINT "staff_licenses_not_own_supervisor_check" CHECK ("staff_licenses"."supervisor_staff_user_id" <> "staff_licenses"."staff_user_id")
);
--> statement-breakpoint
ALTER TABLE "staff_licenses" ADD CONSTRAINT "staff_licenses_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_licenses" ADD CONSTRAINT "staff_licenses_supervisor_staff_user_id_staff_users_id_fk" FOREIGN KEY ("supervisor_staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_active_name_unique" ON "products" USING btree (lower("name")) WHERE "products"."active";