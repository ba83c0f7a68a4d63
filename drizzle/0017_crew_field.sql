CREATE TABLE "field_actions" (
	"actor" text NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_actions_actor_key_pk" PRIMARY KEY("actor","key")
);
--> statement-breakpoint
CREATE TABLE "visit_field_reports" (
	"visit_id" integer PRIMARY KEY NOT NULL,
	"crew_id" integer,
	"on_my_way_at" timestamp with time zone,
	"eta_minutes" integer,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completion_note" text,
	"problem_reason" text,
	"problem_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_field_reports_eta_check" CHECK ("visit_field_reports"."eta_minutes" is null or "visit_field_reports"."eta_minutes" between 1 and 240)
);
--> statement-breakpoint
CREATE TABLE "visit_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"taken_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_photos_type_check" CHECK ("visit_photos"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "visit_photos_size_check" CHECK ("visit_photos"."byte_size" > 0 and "visit_photos"."byte_size" <= 2097152)
);
--> statement-breakpoint
ALTER TABLE "visit_field_reports" ADD CONSTRAINT "visit_field_reports_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_field_reports" ADD CONSTRAINT "visit_field_reports_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_photos" ADD CONSTRAINT "visit_photos_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_photos" ADD CONSTRAINT "visit_photos_taken_by_staff_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_actions_created_idx" ON "field_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "visit_field_reports_problem_idx" ON "visit_field_reports" USING btree ("problem_at") WHERE "visit_field_reports"."problem_at" is not null;--> statement-breakpoint
CREATE INDEX "visit_photos_visit_idx" ON "visit_photos" USING btree ("visit_id");