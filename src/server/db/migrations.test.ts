import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { seedDatabase } from "@/server/app/seed";
import { services, staffUsers, customers, schedules, messages, payments } from "./schema";

describe("migrations and seed", () => {
  it("creates every table from an empty database", async () => {
    const db = await getDb();
    const result = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: Array<{ table_name: string }> }).rows;
    expect(rows.map((row) => row.table_name)).toEqual([
      "api_keys",
      "application_record_products",
      "application_records",
      "applied_driving_routes",
      "billing_profiles",
      "business_settings",
      "calendar_feeds",
      "contact_inquiries",
      "crews",
      "customer_email_proofs",
      "customer_email_tokens",
      "customer_sessions",
      "customers",
      "email_outbox",
      "enrollment_rounds",
      "enrollments",
      "field_actions",
      "inbound_texts",
      "known_devices",
      "messages",
      "owed_total_changes",
      "payment_refunds",
      "payments",
      "products",
      "program_round_products",
      "program_rounds",
      "programs",
      "quote_acceptances",
      "quote_line_items",
      "quote_request_photos",
      "quote_requests",
      "quote_versions",
      "quotes",
      "rate_limits",
      "schedules",
      "services",
      "staff_invitations",
      "staff_licenses",
      "staff_sessions",
      "staff_users",
      "stripe_events",
      "text_consent_changes",
      "text_messages",
      "unpaid_visits",
      "visit_field_reports",
      "visit_photos",
      "visits",
      "webhook_deliveries",
      "webhook_endpoints",
      "webhook_events",
    ]);
  });

  it("refuses money that is not positive and unknown statuses", async () => {
    const db = await getDb();
    await expect(db.insert(services).values({ name: "Free", price: 0, duration: 30 })).rejects.toThrow();
    await expect(db.insert(services).values({ name: "Odd", price: 100, duration: 30, category: "painting" as never })).rejects.toThrow();
  });

  it("seeds an empty database once, and never with the default password on a server database", async () => {
    const db = await getDb();
    const serverReport = await seedDatabase(db, { embedded: false });
    expect(serverReport.staff).toBeNull();
    expect(serverReport.staffSkippedReason).toMatch(/STAFF_PASSWORD/);
    expect(serverReport.services).toBeGreaterThanOrEqual(5);

    const embeddedReport = await seedDatabase(db, { embedded: true });
    expect(embeddedReport.staff).toEqual({ username: "admin", source: "generated", password: expect.stringMatching(/^\S{16,}$/) });
    expect(embeddedReport.services).toBe(0);

    const catalogue = await db.select().from(services);
    expect(new Set(catalogue.map((service) => service.category))).toEqual(
      new Set(["mowing", "trimming", "cleanup", "fertilization", "planting"]),
    );
    expect(catalogue.some((service) => service.pricePerSqFt)).toBe(true);
    const names = catalogue.map((service) => service.name.toLowerCase()).join(" | ");
    for (const word of ["basic", "lawn mowing", "premium", "full service"]) expect(names).toContain(word);

    expect((await db.select().from(staffUsers)).length).toBe(1);
    expect((await db.select().from(customers)).length).toBeGreaterThan(0);
    expect((await db.select().from(schedules)).length).toBeGreaterThan(0);
    expect((await db.select().from(messages)).length).toBeGreaterThan(0);
    expect((await db.select().from(payments)).length).toBeGreaterThan(0);
  });
});
