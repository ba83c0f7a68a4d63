CREATE TABLE "customer_email_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"email" text NOT NULL,
	"proven_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "booked_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "booked_name" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "booked_via" text DEFAULT 'office' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "owner_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billed_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_email_proofs" ADD CONSTRAINT "customer_email_proofs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_email_proofs_customer_idx" ON "customer_email_proofs" USING btree ("customer_id","email","proven_at");--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_booked_via_check" CHECK ("schedules"."booked_via" in ('website', 'account', 'office'));--> statement-breakpoint
-- hand-written (ownership): docs/product-rules.md#who-owns-a-visit
-- What was there before has no record of the email it was booked under or of when an address was
-- proven: take the customer's email, and count today's confirmed accounts as proven now.
UPDATE "schedules" SET
  "booked_email" = lower("customers"."email"),
  "booked_via" = CASE WHEN "schedules"."booking_reference" IS NULL THEN 'office' ELSE 'website' END
FROM "customers" WHERE "customers"."id" = "schedules"."customer_id";
--> statement-breakpoint
UPDATE "payments" SET "billed_email" = lower("customers"."email")
FROM "customers" WHERE "customers"."id" = "payments"."customer_id";
--> statement-breakpoint
INSERT INTO "customer_email_proofs" ("customer_id", "email")
SELECT "id", lower("email") FROM "customers" WHERE "is_verified";
--> statement-breakpoint
-- A plan or payment inserted without the email it was made under gets its customer's, and one moved
-- to another customer by the office takes the new customer's, so every writer records it.
CREATE OR REPLACE FUNCTION greenscape_fill_booked_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT lower("email") INTO NEW."booked_email" FROM "customers" WHERE "id" = NEW."customer_id";
    NEW."booked_via" := 'office';
    NEW."booked_name" := NULL;
    NEW."owner_confirmed_at" := NULL;
  ELSIF coalesce(NEW."booked_email", '') = '' THEN
    SELECT lower("email") INTO NEW."booked_email" FROM "customers" WHERE "id" = NEW."customer_id";
  ELSE
    NEW."booked_email" := lower(trim(NEW."booked_email"));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "schedules_booked_email" BEFORE INSERT ON "schedules"
  FOR EACH ROW EXECUTE FUNCTION greenscape_fill_booked_email();
--> statement-breakpoint
CREATE TRIGGER "schedules_booked_email_on_move" BEFORE UPDATE OF "customer_id" ON "schedules"
  FOR EACH ROW WHEN (OLD."customer_id" IS DISTINCT FROM NEW."customer_id") EXECUTE FUNCTION greenscape_fill_booked_email();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION greenscape_fill_billed_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR coalesce(NEW."billed_email", '') = '' THEN
    SELECT lower("email") INTO NEW."billed_email" FROM "customers" WHERE "id" = NEW."customer_id";
  ELSE
    NEW."billed_email" := lower(trim(NEW."billed_email"));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_billed_email" BEFORE INSERT ON "payments"
  FOR EACH ROW EXECUTE FUNCTION greenscape_fill_billed_email();
--> statement-breakpoint
CREATE TRIGGER "payments_billed_email_on_move" BEFORE UPDATE OF "customer_id" ON "payments"
  FOR EACH ROW WHEN (OLD."customer_id" IS DISTINCT FROM NEW."customer_id") EXECUTE FUNCTION greenscape_fill_billed_email();
--> statement-breakpoint
-- A changed email is unproven until a link sent to it is used; each time an address becomes proven,
-- the proof is kept with its time.
CREATE OR REPLACE FUNCTION greenscape_unverify_changed_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF lower(NEW."email") <> lower(OLD."email") THEN
    NEW."is_verified" := false;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customers_unverify_changed_email" BEFORE UPDATE OF "email" ON "customers"
  FOR EACH ROW EXECUTE FUNCTION greenscape_unverify_changed_email();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION greenscape_record_email_proof() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."is_verified" AND (TG_OP = 'INSERT' OR NOT OLD."is_verified") THEN
    INSERT INTO "customer_email_proofs" ("customer_id", "email") VALUES (NEW."id", lower(NEW."email"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customers_record_email_proof" AFTER INSERT OR UPDATE OF "is_verified", "email" ON "customers"
  FOR EACH ROW EXECUTE FUNCTION greenscape_record_email_proof();
