-- hand-written (one-line addresses): docs/product-rules.md#where-each-visit-is
-- The geocoding job now reads a city, state and ZIP typed on the street line. Customers and plans
-- it gave up on before, with no ZIP of their own but five digits on the line, are handed back to it
-- once: it places those whose line ends with a ZIP and marks the others unplaced again.
UPDATE "customers" SET "location_source" = NULL
WHERE "location_source" = 'none' AND coalesce(trim("zip_code"), '') = '' AND "address" ~ '[0-9]{5}';
--> statement-breakpoint
UPDATE "schedules" SET "location_source" = NULL
WHERE "location_source" = 'none' AND coalesce(trim("zip_code"), '') = '' AND "address" ~ '[0-9]{5}';
