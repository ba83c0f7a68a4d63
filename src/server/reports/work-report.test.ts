import { and, gte, inArray, lt } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businessDateOf, businessInstant, endOfBusinessDayExclusive, startOfBusinessDay, weekRange } from "@/lib/business-time";
import { bucketStarts, REPORT_PERIOD_MESSAGES, yearBefore, type ReportPeriod } from "@/lib/reports";
import { changeVisitStatus } from "@/server/schedules/visit-status";
import { addCrew, removeCrew } from "@/server/crews/crews-repository";
import { completeVisit, startVisit, type FieldCaller } from "@/server/crew-day/field-steps";
import { getDb } from "@/server/db";
import { appliedDrivingRoutes, crews, visitFieldReports, visits } from "@/server/db/schema";
import { applyRoute } from "@/server/driving-routes/apply-route";
import { proposeRoute } from "@/server/driving-routes/propose-route";
import { zipGeocoder } from "@/server/locations/geocoder";
import { locatePendingAddresses } from "@/server/locations/locate-addresses";
import { saveRouteStart } from "@/server/locations/route-start";
import { cancelAppointment } from "@/server/self-service/appointments";
import { changeAppointment } from "@/server/self-service/change-appointment";
import { findVisit, moveVisit } from "@/server/schedules/visits";
import { insertPlan, type PlanValues } from "#test/fixtures/plans";
import { createCustomer, createStaffUser, rest, staffCookie } from "#test/support/helpers";
import type { WorkFigures } from "./schemas";
import { workReport } from "./work-report";

// Wednesday to Tuesday, so both end weeks are cut, across the change to daylight time (9 March).
const PERIOD: ReportPeriod = { from: "2031-03-05", to: "2031-03-25" };
const at = (date: string, time: string) => businessInstant(date, time);
const minutes = (date: string, time: string, plus: number) => new Date(at(date, time).getTime() + plus * 60_000);

let sequence = 0;
let office: FieldCaller;
const field = (): FieldCaller => ({ ...office, key: `report-${Date.now().toString(36)}-${sequence++}` });

/** A one-time visit, confirmed, at a time of a day, for a new customer in `zipCode`. */
async function visitOn(date: string, time: string, crewId: number | null, extra: Partial<PlanValues> = {}) {
  const { customer } = await createCustomer({ zipCode: extra.zipCode ?? "78701", password: "report-owner-1" });
  const plan = await insertPlan(
    {
      customerId: customer.id,
      startTime: at(date, time),
      status: "confirmed",
      crewId,
      address: `${time.replace(":", "")} Elm St`,
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      ...extra,
    },
    "booked",
    at("2031-02-01", "08:00"),
  );
  return { customer, visitId: plan.id };
}

/** What the report must say, read from the rows in the period and counted here by the rules. */
async function scanWork(period: ReportPeriod): Promise<WorkFigures> {
  const db = await getDb();
  const rows = await db
    .select({
      id: visits.id,
      crewId: visits.crewId,
      status: visits.status,
      customerChange: visits.customerChange,
      startTime: visits.startTime,
    })
    .from(visits)
    .where(and(gte(visits.startTime, startOfBusinessDay(period.from)), lt(visits.startTime, endOfBusinessDayExclusive(period.to))));
  const weeks = bucketStarts(period, "week").map((start) => ({ start, completed: 0, skipped: 0, cancelled: 0 }));
  for (const row of rows) {
    const week = weeks.find((each) => each.start === weekRange(businessDateOf(row.startTime)).start)!;
    if (row.status === "completed") week.completed++;
    else if (row.status === "cancelled" && (row.customerChange === "skipped" || row.customerChange === "paused")) week.skipped++;
    else if (row.status === "cancelled") week.cancelled++;
  }
  const totals = {
    completed: weeks.reduce((sum, week) => sum + week.completed, 0),
    skipped: weeks.reduce((sum, week) => sum + week.skipped, 0),
    cancelled: weeks.reduce((sum, week) => sum + week.cancelled, 0),
  };

  const completed = rows.filter((row) => row.status === "completed");
  const reports = completed.length
    ? await db
        .select()
        .from(visitFieldReports)
        .where(
          inArray(
            visitFieldReports.visitId,
            completed.map((row) => row.id),
          ),
        )
    : [];
  const routes = (await db.select().from(appliedDrivingRoutes)).filter((route) => route.date >= period.from && route.date <= period.to);
  const allCrews = await db.select().from(crews);
  const crewIds = new Set<number | null>([...completed.map((row) => row.crewId), ...routes.map((route) => route.crewId)]);
  const ordered = allCrews
    .filter((crew) => crewIds.has(crew.id))
    .sort((a, b) => a.position - b.position || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id)
    .map((crew) => ({ crewId: crew.id as number | null, name: crew.name }));
  if (crewIds.has(null)) ordered.push({ crewId: null, name: "No crew" });
  const crewFigures = ordered.map(({ crewId, name }) => {
    const done = completed.filter((row) => row.crewId === crewId);
    const days = new Set(done.map((row) => businessDateOf(row.startTime))).size;
    const timed = done
      .map((row) => reports.find((report) => report.visitId === row.id))
      .filter((report) => report?.startedAt && report.completedAt && report.completedAt > report.startedAt);
    const onSiteMs = timed.reduce((sum, report) => sum + (report!.completedAt!.getTime() - report!.startedAt!.getTime()), 0);
    const crewRoutes = routes.filter((route) => route.crewId === crewId);
    const metres = crewRoutes.reduce((sum, route) => sum + route.metres, 0);
    return {
      crewId,
      name,
      daysWorked: days,
      visitsCompleted: done.length,
      visitsPerDay: days ? Number((done.length / days).toFixed(2)) : 0,
      timedVisits: timed.length,
      onSiteMinutes: Math.round(onSiteMs / 60_000),
      averageOnSiteMinutes: timed.length ? Number((onSiteMs / 60_000 / timed.length).toFixed(1)) : null,
      routesApplied: crewRoutes.length,
      drivingKm: Number((metres / 1000).toFixed(1)),
      drivingMinutes: crewRoutes.reduce((sum, route) => sum + route.driveMinutes, 0),
    };
  });
  return { period, weeks, totals, crews: crewFigures };
}

let crewA: number;
let crewB: number;
let crewGone: number;

beforeAll(async () => {
  const db = await getDb();
  const { user } = await createStaffUser({ role: "office" });
  office = { actor: `staff:${user.id}`, key: "", staffUserId: user.id };
  await saveRouteStart(db, { address: "301 Congress Ave", city: "Austin", state: "TX", zipCode: "78701" }, zipGeocoder);
  crewA = (await addCrew(db, { name: `Work report A ${Date.now()}` })).id;
  crewB = (await addCrew(db, { name: `Work report B ${Date.now()}` })).id;
  crewGone = (await addCrew(db, { name: `Work report gone ${Date.now()}` })).id;

  // Crew A's Monday: a route applied the day before, then Start and Complete on the phone.
  const north = await visitOn("2031-03-10", "09:00", crewA, { zipCode: "78758" });
  const south = await visitOn("2031-03-10", "13:00", crewA, { zipCode: "78745" });
  await locatePendingAddresses(db, zipGeocoder);
  const dayBefore = at("2031-03-09", "18:00");
  const proposal = await proposeRoute(db, { crewId: crewA, date: "2031-03-10", now: dayBefore });
  await applyRoute(db, {
    crewId: crewA,
    date: "2031-03-10",
    version: proposal.version,
    order: proposal.stops.map((stop) => stop.visitId),
    now: dayBefore,
  });
  const startOf = async (id: number) => (await findVisit(db, String(id)))!.startTime;
  for (const [id, onSite] of [
    [north.visitId, 44 * 60 + 20],
    [south.visitId, 31 * 60 + 20],
  ] as const) {
    const started = await startOf(id);
    await startVisit(db, field(), { visitId: String(id) }, started);
    await completeVisit(db, field(), { visitId: String(id) }, new Date(started.getTime() + onSite * 1000));
  }
  // Another day of crew A, completed by the office: no time on site.
  await changeVisitStatus(db, String((await visitOn("2031-03-12", "10:00", crewA)).visitId), "completed", at("2031-03-12", "17:00"));

  // Crew B: started on the phone but completed by the office (not timed); completed on the phone without Start (not timed).
  const startedOnly = await visitOn("2031-03-20", "09:00", crewB);
  await startVisit(db, field(), { visitId: String(startedOnly.visitId) }, at("2031-03-20", "09:05"));
  await changeVisitStatus(db, String(startedOnly.visitId), "completed", at("2031-03-20", "12:00"));
  const unstarted = await visitOn("2031-03-20", "14:00", crewB);
  await completeVisit(db, field(), { visitId: String(unstarted.visitId) }, at("2031-03-20", "15:00"));

  // No crew: completed by the office.
  await changeVisitStatus(db, String((await visitOn("2031-03-21", "10:00", null)).visitId), "completed", at("2031-03-21", "17:00"));

  // A crew whose route was applied, removed since.
  await visitOn("2031-03-15", "10:00", crewGone);
  await locatePendingAddresses(db, zipGeocoder);
  const goneProposal = await proposeRoute(db, { crewId: crewGone, date: "2031-03-15", now: at("2031-03-14", "12:00") });
  await applyRoute(db, {
    crewId: crewGone,
    date: "2031-03-15",
    version: goneProposal.version,
    order: goneProposal.stops.map((stop) => stop.visitId),
    now: at("2031-03-14", "12:00"),
  });
  await removeCrew(db, crewGone, at("2031-04-01", "08:00"));

  // Cancelled: by the office, and by the customer in the portal.
  await changeVisitStatus(db, String((await visitOn("2031-03-13", "10:00", crewB)).visitId), "cancelled", at("2031-03-01", "08:00"));
  const own = await visitOn("2031-03-14", "11:00", crewB);
  await cancelAppointment(db, own.customer.id, String(own.visitId), at("2031-03-01", "08:00"));

  // A weekly plan from Tuesday 4 March: skip the 11th, pause the 18th and 25th.
  const { customer } = await createCustomer({ password: "report-owner-1" });
  const plan = await insertPlan(
    {
      customerId: customer.id,
      startTime: at("2031-03-04", "15:00"),
      status: "confirmed",
      crewId: crewA,
      isRecurring: true,
      recurringFrequency: "weekly",
    },
    "booked",
    at("2031-02-01", "08:00"),
  );
  const series = await db
    .select()
    .from(visits)
    .where(inArray(visits.scheduleId, [plan.id]))
    .orderBy(visits.startTime);
  const byDay = (day: string) => String(series.find((visit) => visit.occurrenceDate === day)!.id);
  const before = at("2031-03-02", "08:00");
  await changeAppointment(db, customer.id, byDay("2031-03-11"), { action: "skip" }, before);
  await changeAppointment(db, customer.id, byDay("2031-03-18"), { action: "pause", until: "2031-03-26" }, before);
  // Completed before the period: not counted. The 4 April visit moved into it and completed: counted on its new day.
  await changeVisitStatus(db, byDay("2031-03-04"), "completed", at("2031-03-04", "18:00"));
  const april = (await findVisit(db, byDay("2031-04-01")))!;
  await moveVisit(db, april, at("2031-03-24", "15:00"), at("2031-03-24", "16:00"));
  await changeVisitStatus(db, byDay("2031-04-01"), "completed", at("2031-03-24", "18:00"));
  // A visit of the period moved out of it: not counted.
  const leaving = await visitOn("2031-03-19", "10:00", crewB);
  await moveVisit(db, (await findVisit(db, String(leaving.visitId)))!, at("2031-03-26", "10:00"), at("2031-03-26", "11:00"));
  await changeVisitStatus(db, String(leaving.visitId), "cancelled", at("2031-03-01", "08:00"));

  // The year before: one completed visit and one cancelled.
  await changeVisitStatus(db, String((await visitOn("2030-03-12", "10:00", crewB)).visitId), "completed", at("2030-03-12", "17:00"));
  await changeVisitStatus(db, String((await visitOn("2030-03-13", "10:00", crewB)).visitId), "cancelled", at("2030-03-01", "08:00"));
});

describe("the work report", () => {
  it("counts visits per week and each crew's day as a scan of the rows does, for the period and the year before", async () => {
    const report = await workReport(await getDb(), PERIOD);
    expect(report.current).toEqual(await scanWork(PERIOD));
    expect(report.yearBefore).toEqual(await scanWork(yearBefore(PERIOD)));

    // The test's own writes are in it, each where the rules put it.
    expect(report.current.weeks.map((week) => week.start)).toEqual(["2031-03-03", "2031-03-10", "2031-03-17", "2031-03-24"]);
    expect(report.current.totals).toEqual({ completed: 7, skipped: 3, cancelled: 2 });
    expect(report.current.weeks[3]).toEqual({ start: "2031-03-24", completed: 1, skipped: 1, cancelled: 0 });
    const a = report.current.crews.find((crew) => crew.crewId === crewA)!;
    expect(a).toMatchObject({ daysWorked: 3, visitsCompleted: 4, visitsPerDay: 1.33, timedVisits: 2, routesApplied: 1 });
    // 44:20 and 31:20 on site: 75 min 40 s, rounded once to 76 (not 44 + 31); 37.83 a visit.
    expect(a).toMatchObject({ onSiteMinutes: 76, averageOnSiteMinutes: 37.8 });
    expect(a.drivingKm).toBeGreaterThan(0);
    expect(report.current.crews.find((crew) => crew.crewId === crewB)).toMatchObject({
      daysWorked: 1,
      visitsCompleted: 2,
      visitsPerDay: 2,
      timedVisits: 0,
      onSiteMinutes: 0,
      averageOnSiteMinutes: null,
      routesApplied: 0,
      drivingKm: 0,
    });
    expect(report.current.crews.find((crew) => crew.crewId === crewGone)).toMatchObject({ visitsCompleted: 0, routesApplied: 1 });
    expect(report.current.crews.at(-1)).toMatchObject({ crewId: null, name: "No crew", visitsCompleted: 1, routesApplied: 0 });
    expect(report.yearBefore.totals).toEqual({ completed: 1, skipped: 0, cancelled: 1 });
  });

  it("answers over REST in the documented shape, and refuses a period that ends before it starts", async () => {
    const cookie = await staffCookie();
    const answer = await rest("GET", `/reports/work?from=${PERIOD.from}&to=${PERIOD.to}`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(JSON.parse(JSON.stringify(await workReport(await getDb(), PERIOD))));

    const backwards = await rest("GET", "/reports/work?from=2031-03-25&to=2031-03-05", { headers: { cookie } });
    expect(backwards.status).toBe(400);
    expect(backwards.json.message).toBe(REPORT_PERIOD_MESSAGES.order);
  });
});
