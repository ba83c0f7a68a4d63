import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, businessToday } from "@/lib/business-time";
import { cacheState } from "@/server/cache/state";
import { getDb } from "@/server/db";
import { createStaffUser, customerCookie, rest, seedServices, staffCookie } from "#test/support/helpers";
import { eventually } from "#test/support/eventually";

type ListedVisit = { status: string; customer: { fullName: string } };

describe("cached month list (a staff-only answer)", () => {
  const date = addDays(businessToday(), 3);
  const month = `/schedules?startDate=${date.slice(0, 8)}01&endDate=${date.slice(0, 8)}31`;
  let cookie: string;

  beforeAll(async () => {
    const [service] = await seedServices();
    const booked = await rest("POST", "/bookings", {
      body: {
        serviceId: service!.id,
        address: "1100 Congress Ave",
        city: "Austin",
        state: "TX",
        zipCode: "78701",
        date,
        timeSlot: "10:00",
        isRecurring: false,
        fullName: "Month Cache Customer",
        email: "monthcache@example.com",
        phone: "5125550111",
      },
    });
    expect(booked.status).toBe(201);
    cookie = await staffCookie();
  });

  it("answers staff from stored bytes with an ETag, and tells the client to keep nothing", async () => {
    // The booking's change notification can arrive while the answer is computed, which then is
    // rightly not stored (it may be stale): ask again until an answer is kept.
    const first = await eventually(async () => {
      const answer = await rest("GET", month, { headers: { cookie } });
      expect(answer.status).toBe(200);
      expect([...cacheState().answers.keys()].some((key) => key.startsWith("schedules.list "))).toBe(true);
      return answer;
    });
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect((first.json as unknown as ListedVisit[]).map((visit) => visit.customer.fullName)).toContain("Month Cache Customer");
    // Shared between staff callers: another staff member gets the same stored bytes.
    const again = await rest("GET", month, { headers: { cookie: await staffCookie() } });
    expect(again.text).toBe(first.text);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    const notModified = await rest("GET", month, { headers: { cookie, "if-none-match": first.headers.get("etag")! } });
    expect(notModified.status).toBe(304);
  });

  it("never serves the stored answer to anonymous callers, customers or staff who must change their password", async () => {
    const staffAnswer = await rest("GET", month, { headers: { cookie } });
    const etag = staffAnswer.headers.get("etag")!;
    const anonymous = await rest("GET", month, { headers: { "if-none-match": etag } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).not.toContain("Month Cache Customer");
    const customer = await rest("GET", month, { headers: { cookie: await customerCookie(), "if-none-match": etag } });
    expect(customer.status).toBe(401);
    expect(customer.text).not.toContain("Month Cache Customer");
    const { user } = await createStaffUser();
    await (await getDb()).execute(sql`update staff_users set must_change_password = true where id = ${user.id}`);
    const firstPassword = await rest("GET", month, { headers: { cookie: await staffCookie(user.id) } });
    expect(firstPassword.status).toBe(403);
    expect(firstPassword.text).not.toContain("Month Cache Customer");
  });

  it("answers fresh after a visit, its customer or its service changes", async () => {
    const db = await getDb();
    const before = await rest("GET", month, { headers: { cookie } });
    expect(before.status).toBe(200);
    await db.execute(sql`update visits set status = 'confirmed' where address = '1100 Congress Ave'`);
    await eventually(async () => {
      const fresh = await rest("GET", month, { headers: { cookie, "if-none-match": before.headers.get("etag")! } });
      expect(fresh.status).toBe(200);
      expect((fresh.json as unknown as ListedVisit[]).find((visit) => visit.customer.fullName === "Month Cache Customer")?.status).toBe(
        "confirmed",
      );
    });
    await db.execute(sql`update customers set full_name = 'Renamed Month Customer' where email = 'monthcache@example.com'`);
    await eventually(async () => expect((await rest("GET", month, { headers: { cookie } })).text).toContain("Renamed Month Customer"));
    await db.execute(sql`update services set name = 'Renamed Month Service'`);
    await eventually(async () => expect((await rest("GET", month, { headers: { cookie } })).text).toContain("Renamed Month Service"));
  });
});
