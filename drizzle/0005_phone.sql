CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
-- hand-written (phone):
-- Staff search customers by any part of a name, email, address or phone number: a trigram index
-- answers "contains" on one text of those fields (the phone as digits only, so any formatting matches).
-- The expression must stay identical to customerSearchText in src/server/db/schema/customers.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_search_trgm_idx" ON "customers" USING gin ((lower("full_name" || ' ' || "email" || ' ' || coalesce("address", '') || ' ' || coalesce("city", '') || ' ' || coalesce("zip_code", '')) || ' ' || regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g')) gin_trgm_ops);
