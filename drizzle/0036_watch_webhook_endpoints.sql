-- The webhook endpoints join the watched tables (0006): every event a booking announces asked the
-- database which endpoints listen, and the answer is now kept in each process until a write to the
-- endpoints is announced on the change channel (src/server/cache/reference-data.ts).
DROP TRIGGER IF EXISTS greenscape_announce_change ON "webhook_endpoints";
--> statement-breakpoint
CREATE TRIGGER greenscape_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webhook_endpoints"
  FOR EACH STATEMENT EXECUTE FUNCTION greenscape_announce_change();
