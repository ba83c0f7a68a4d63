import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessInstant } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { emailOutbox, visits } from "@/server/db/schema";
import { createCustomer, rest, seedServices, staffCaller, staffCookie } from "#test/support/helpers";
import { setCrewCapacity } from "./crew-capacity";
import { extendSeriesToHorizon } from "./series";
import { MOVE_MESSAGES } from "./move-one-visit";

// A month no other schedules test uses, so their range checks never see these visits.
const at = (date: string, time: string) => businessInstant(date, time).toISOString();

async function weeklySeries(firstDate: string, time = "09:00") {
  const [mowing] = await seedServices();
  const { customer } = await createCustomer({ fullName: "Sam Series" });
  const staff = await staffCaller();
  const series = await staff.schedules.create({
    customerId: customer.id,
    serviceId: mowing!.id,
    date: at(firstDate, "00:00"),
    startTime: at(firstDate, time),
    endTime: at(firstDate, `${String(Number(time.slice(0, 2)) + 1).padStart(2, "0")}:30`),
    status: "confirmed",
    isRecurring: true,
    recurringFrequency: "weekly",
    recurringEndDate: at("2032-03-31", "00:00"),
  });
  // Years ahead, past the horizon creation fills: the daily job makes the visits once it reaches them.
  await extendSeriesToHorizon(await getDb(), businessInstant("2032-02-01", "03:00"));
  const rows = await (await getDb()).select().from(visits).where(eq(visits.scheduleId, series.id)).orderBy(visits.startTime);
  return { staff, customer, series, rows };
}

describe("staff move one visit", () => {
  it("moves one visit of a series, keeping its length, leaves the others, and tells the customer", async () => {
    const { staff, customer, rows } = await weeklySeries("2032-03-02");
    const [first, second] = rows;
    const moved = await staff.schedules.moveVisit({ visitId: String(second!.id), date: "2032-03-10", startTime: "14:00" });
    expect(moved).toMatchObject({ startTime: new Date(at("2032-03-10", "14:00")), endTime: new Date(at("2032-03-10", "15:30")) });

    const db = await getDb();
    const [firstAfter] = await db.select().from(visits).where(eq(visits.id, first!.id));
    expect(firstAfter!.startTime).toEqual(first!.startTime);
    const [secondAfter] = await db.select().from(visits).where(eq(visits.id, second!.id));
    expect(secondAfter).toMatchObject({ changed: true, changedBy: "staff", occurrenceDate: second!.occurrenceDate });
    const notices = await db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, customer.email), eq(emailOutbox.kind, "visit_moved")));
    expect(notices).toHaveLength(1);
  });

  it("refuses a time every crew holds, a past time, a visit already done, and an unknown visit", async () => {
    const db = await getDb();
    const { staff, rows } = await weeklySeries("2032-03-03", "08:00");
    const [visit, done] = rows;
    await setCrewCapacity(db, 1);
    try {
      const { rows: busy } = await weeklySeries("2032-03-04", "10:00");
      const clash = await rest("POST", `/schedules/visits/${visit!.id}/move`, {
        headers: { cookie: await staffCookie() },
        body: { date: "2032-03-04", startTime: "10:30" },
      });
      expect(clash.status).toBe(409);
      expect(clash.json.message).toMatch(/^Every crew is busy at 10:30 AM on March 4/);
      expect(busy).toHaveLength(4);
    } finally {
      await setCrewCapacity(db, 2);
    }
    const [unchanged] = await db.select().from(visits).where(eq(visits.id, visit!.id));
    expect(unchanged!.startTime).toEqual(visit!.startTime);

    await expect(staff.schedules.moveVisit({ visitId: String(visit!.id), date: "2020-01-02", startTime: "09:00" })).rejects.toMatchObject({
      message: MOVE_MESSAGES.past,
    });
    await staff.schedules.setVisitStatus({ visitId: String(done!.id), status: "completed" });
    await expect(staff.schedules.moveVisit({ visitId: String(done!.id), date: "2032-03-20", startTime: "09:00" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: MOVE_MESSAGES.notToDo,
    });
    const unknown = await rest("POST", "/schedules/visits/999999999/move", {
      headers: { cookie: await staffCookie() },
      body: { date: "2032-03-20", startTime: "09:00" },
    });
    expect(unknown.status).toBe(404);
    const bad = await rest("POST", `/schedules/visits/${visit!.id}/move`, {
      headers: { cookie: await staffCookie() },
      body: { date: "2032-02-30", startTime: "25:00" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("Pick the day to move the visit to");
  });

  it("documents the times it takes: a time the document's pattern allows moves, a date-time gets the field's message", async () => {
    const { rows } = await weeklySeries("2032-03-05", "07:00");
    const headers = { cookie: await staffCookie() };
    const document = (await rest("GET", "/openapi.json")).json as unknown as OpenApiBody;
    const body = document.paths["/schedules/visits/{visitId}/move"]!.post.requestBody.content["application/json"].schema;
    const startTime = new RegExp(body.properties.startTime!.pattern);
    expect(startTime.test("2032-03-12T15:00:00.000Z")).toBe(false);
    expect(startTime.test("15:00")).toBe(true);

    const dateTime = await rest("POST", `/schedules/visits/${rows[0]!.id}/move`, {
      headers,
      body: { date: "2032-03-12", startTime: "2032-03-12T15:00:00.000Z" },
    });
    expect(dateTime.status).toBe(400);
    expect(dateTime.json).toMatchObject({ message: "Pick a start time", issues: [{ path: ["startTime"], message: "Pick a start time" }] });
    const moved = await rest("POST", `/schedules/visits/${rows[0]!.id}/move`, {
      headers,
      body: { date: "2032-03-12", startTime: "15:00" },
    });
    expect(moved.status).toBe(200);
  });
});

type OpenApiBody = {
  paths: Record<
    string,
    { post: { requestBody: { content: { "application/json": { schema: { properties: Record<string, { pattern: string }> } } } } } }
  >;
};
