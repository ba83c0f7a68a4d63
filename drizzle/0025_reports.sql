CREATE TABLE "applied_driving_routes" (
	"crew_id" integer NOT NULL,
	"date" date NOT NULL,
	"stops" integer NOT NULL,
	"metres" integer NOT NULL,
	"drive_minutes" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applied_driving_routes_crew_id_date_pk" PRIMARY KEY("crew_id","date")
);
--> statement-breakpoint
ALTER TABLE "applied_driving_routes" ADD CONSTRAINT "applied_driving_routes_crew_id_crews_id_fk" FOREIGN KEY ("crew_id") REFERENCES "public"."crews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_completed_date_idx" ON "payments" USING btree ("payment_date") WHERE "payments"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "payment_refunds_confirmed_idx" ON "payment_refunds" USING btree ("confirmed_at") WHERE "payment_refunds"."status" = 'succeeded';