ALTER TABLE "messages" ADD COLUMN "customer_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written (message email): docs/product-rules.md#who-owns-a-visit
-- Messages written before this have no record of the customer's email at the time: take today's.
UPDATE "messages" SET "customer_email" = lower("customers"."email")
FROM "customers" WHERE "customers"."id" = "messages"."customer_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION greenscape_fill_message_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(NEW."customer_email", '') = '' THEN
    SELECT lower("email") INTO NEW."customer_email" FROM "customers" WHERE "id" = NEW."customer_id";
  ELSE
    NEW."customer_email" := lower(trim(NEW."customer_email"));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_customer_email" BEFORE INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION greenscape_fill_message_email();
