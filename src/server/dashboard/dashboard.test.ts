import { describe, expect, it } from "vitest";
import { businessInstant } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { createPlanVisits } from "@/server/schedules/plan-visits";
import { contactInquiries, messages, schedules } from "@/server/db/schema";
import { setVisitStatus, findVisit } from "@/server/schedules/visits";
import { anonymousCaller, createCustomer, customerCaller, rest, staffCaller, staffCookie } from "#test/support/helpers";
import { dashboardStats } from "./stats";
import { weekVisitCounts } from "./week";

describe("dashboard", () => {
  it("counts upcoming and completed visits in Austin time, series included, unread customer messages and open inquiries", async () => {
    const db = await getDb();
    const { customer } = await createCustomer();
    // Austin: Friday 2031-10-31, 22:00 (UTC 2031-11-01 03:00).
    const now = businessInstant("2031-10-31", "22:00");
    const visit = (date: string, time: string, extra: Partial<typeof schedules.$inferInsert> = {}) => ({
      customerId: customer.id,
      date: businessInstant(date, "00:00"),
      startTime: businessInstant(date, time),
      endTime: businessInstant(date, time === "23:00" ? "23:59" : "23:00"),
      totalPrice: 3000,
      ...extra,
    });
    const [series] = await db
      .insert(schedules)
      .values([
        // Weekly from Oct 3: Oct 3, 10, 17, 24, 31 this month; Nov 7 ... within the 30 days ahead.
        visit("2031-10-03", "08:00", {
          isRecurring: true,
          recurringFrequency: "weekly",
          status: "confirmed",
          recurringEndDate: businessInstant("2031-11-14", "00:00"),
        }),
      ])
      .returning();
    await createPlanVisits(db, series!, "staff", now);
    // Its October visits done, one by one as crews complete them.
    for (const date of ["2031-10-03", "2031-10-10", "2031-10-17", "2031-10-24", "2031-10-31"]) {
      await setVisitStatus(db, (await findVisit(db, `${series!.id}-${date}`))!, "completed");
    }
    const oneTime = await db
      .insert(schedules)
      .values([
        visit("2031-10-31", "23:00", { status: "pending" }), // later tonight: upcoming
        visit("2031-10-31", "09:00", { status: "completed" }), // this month, completed
        visit("2031-11-01", "10:00", { status: "completed" }), // November in Austin: not this month
        visit("2031-11-02", "10:00", { status: "cancelled" }), // cancelled is not upcoming
        visit("2031-12-15", "10:00", { status: "confirmed" }), // beyond 30 days
      ])
      .returning();
    for (const plan of oneTime) await createPlanVisits(db, plan, "staff", now);
    // Two series visits ahead (Nov 7, Nov 14) are upcoming once set back to pending.
    for (const date of ["2031-11-07", "2031-11-14"]) {
      await setVisitStatus(db, (await findVisit(db, `${series!.id}-${date}`))!, "pending");
    }
    await db.insert(messages).values([
      { customerId: customer.id, content: "Unread", senderType: "customer" },
      { customerId: customer.id, content: "Read", senderType: "customer", read: true },
      { customerId: customer.id, content: "From staff", senderType: "user" },
    ]);

    await db.insert(contactInquiries).values([
      { name: "Open", email: "open@example.com", message: "Do you mow on Saturdays?" },
      { name: "Handled", email: "done@example.com", message: "Quote for a corner lot", handledAt: now },
    ]);

    const stats = await dashboardStats(db, now);
    expect(stats.upcomingServices).toBe(3);
    expect(stats.openInquiries).toBe(1);
    // Five completed series visits in October plus the one-time visit on Oct 31.
    expect(stats.completedThisMonth).toBe(6);
    expect(stats.unreadMessages).toBe(1);

    // The week strip: Monday Oct 27 to Sunday Nov 2 in Austin, every status counted by its start day.
    const week = await weekVisitCounts(db, now);
    expect(week.map((day) => day.date)).toEqual([
      "2031-10-27",
      "2031-10-28",
      "2031-10-29",
      "2031-10-30",
      "2031-10-31",
      "2031-11-01",
      "2031-11-02",
    ]);
    const counted = Object.fromEntries(week.map((day) => [day.date, day.visits]));
    expect(counted["2031-10-31"]).toBeGreaterThanOrEqual(3); // the series visit, 09:00 and 23:00
    expect(counted["2031-11-01"]).toBeGreaterThanOrEqual(1);
    expect(counted["2031-11-02"]).toBeGreaterThanOrEqual(1); // cancelled still shows on its day
  });

  it("answers GET /api/dashboard-stats for staff only", async () => {
    expect((await rest("GET", "/dashboard-stats", { headers: { cookie: await staffCookie() } })).status).toBe(200);
    expect((await rest("GET", "/dashboard-stats")).status).toBe(401);
    for (const caller of [await anonymousCaller(), await customerCaller()]) {
      await expect(caller.dashboard.stats({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(caller.dashboard.recentMessages({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(caller.dashboard.week({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    }
    const week = await rest("GET", "/dashboard/week", { headers: { cookie: await staffCookie() } });
    expect(week.status).toBe(200);
    expect(week.json).toHaveLength(7);
    const recent = await (await staffCaller()).dashboard.recentMessages({});
    expect(recent.length).toBeLessThanOrEqual(3);
  });
});
