import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, businessInstant, businessToday, formatBusinessDate } from "@/lib/business-time";
import { addCrew } from "@/server/crews/crews-repository";
import { getDb } from "@/server/db";
import { emailOutbox, schedules, visits } from "@/server/db/schema";
import { zipGeocoder } from "@/server/locations/geocoder";
import { locatePendingAddresses } from "@/server/locations/locate-addresses";
import { saveRouteStart } from "@/server/locations/route-start";
import { getCrewCapacity } from "@/server/schedules/crew-capacity";
import { insertPlan, type PlanValues } from "#test/fixtures/plans";
import { createCustomer, createStaffUser, rest, seedServices, staffCookie } from "#test/support/helpers";
import { applyRoute } from "./apply-route";
import { getDayRoute } from "./day-route";
import { proposeRoute } from "./propose-route";

let dayOffset = 40;
const nextDay = () => addDays(businessToday(), dayOffset++);
let serviceId: number;

beforeAll(async () => {
  const [service] = await seedServices();
  serviceId = service!.id;
  await saveRouteStart(await getDb(), { address: "301 Congress Ave", city: "Austin", state: "TX", zipCode: "78701" }, zipGeocoder);
});

/** A one-time visit for a new customer in `zipCode`, at `time` on `date`, for an hour. */
async function addStop(crewId: number, date: string, time: string, zipCode: string, extra: Partial<PlanValues> = {}) {
  const { customer } = await createCustomer({ fullName: `Customer ${zipCode} ${time}`, zipCode });
  const plan = await insertPlan(
    {
      customerId: customer.id,
      serviceId,
      startTime: businessInstant(date, time),
      status: "confirmed",
      crewId,
      address: `${time.replace(":", "")} Oak St`,
      city: "Austin",
      state: "TX",
      zipCode,
      specialInstructions: `Gate code ${time.replace(":", "")}`,
      ...extra,
    },
    extra.bookedVia && extra.bookedVia !== "office" ? "booked" : "staff",
  );
  return { customer, plan };
}

/**
 * A day that zigzags across Austin in time order: north, south, north-west, south, north-east. From
 * downtown, visiting them by area is far shorter.
 */
async function zigzagDay(options: { fixedAt?: string } = {}) {
  const db = await getDb();
  const crew = await addCrew(db, { name: `Route crew ${dayOffset}` });
  const date = nextDay();
  const zips: Array<[string, string]> = [
    ["09:00", "78758"],
    ["10:30", "78745"],
    ["12:00", "78731"],
    ["13:30", "78704"],
    ["15:00", "78660"],
  ];
  const stops = [];
  for (const [time, zip] of zips) {
    stops.push(await addStop(crew.id, date, time, zip, time === options.fixedAt ? { bookedVia: "website" } : {}));
  }
  await locatePendingAddresses(db, zipGeocoder);
  return { crew, date, stops };
}

const startsOf = async (ids: number[]) => {
  const db = await getDb();
  const rows = await db.select({ id: visits.id, startTime: visits.startTime }).from(visits).where(inArray(visits.id, ids));
  return new Map(rows.map((row) => [row.id, row.startTime.toISOString()]));
};

describe("a crew's day", () => {
  it("lists the crew's stops in time order with address, notes, location and the drive between them", async () => {
    const db = await getDb();
    const { crew, date } = await zigzagDay();
    const day = await getDayRoute(db, { crewId: crew.id, date });
    expect(day.stops.map((stop) => formatBusinessDate(stop.startTime, "HH:mm"))).toEqual(["09:00", "10:30", "12:00", "13:30", "15:00"]);
    const [first] = day.stops;
    expect(first).toMatchObject({
      address: "0900 Oak St, Austin, TX 78758",
      service: expect.any(String),
      specialInstructions: "Gate code 0900",
      location: { source: "zip" },
      fixed: false,
    });
    expect(first!.legFromPrevious!.miles).toBeGreaterThan(3);
    expect(first!.navigateUrl).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&travelmode=driving&destination=30\.\d+%2C-97\.\d+$/,
    );
    expect(day.total.km).toBeCloseTo(
      day.stops.reduce((sum, stop) => sum + stop.legFromPrevious!.km, 0),
      6,
    );
    expect(day.start?.label).toBe("301 Congress Ave, Austin, TX 78701");
  });

  it("is read by a crew member for their own crew only; another crew's day reads as not found", async () => {
    const { crew, date } = await zigzagDay();
    const other = await addCrew(await getDb(), { name: `Other crew ${dayOffset}` });
    const member = await createStaffUser({ role: "crew", crewId: crew.id });
    const cookie = await staffCookie(member.user.id);
    const own = await rest("GET", `/routes/${crew.id}/${date}`, { headers: { cookie } });
    expect(own.status).toBe(200);
    expect((own.json.stops as unknown[]).length).toBe(5);
    const others = await rest("GET", `/routes/${other.id}/${date}`, { headers: { cookie } });
    expect(others.status).toBe(404);
    expect(others.json.message).toBe("Crew not found");
    const proposal = await rest("GET", `/routes/${crew.id}/${date}/proposal`, { headers: { cookie } });
    expect(proposal.status).toBe(403);
  });

  it("refuses a date that is not one, in plain words", async () => {
    const cookie = await staffCookie();
    const answer = await rest("GET", "/routes/1/2031-02-30", { headers: { cookie } });
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/Pick a day/);
  });
});

describe("optimizing a day", () => {
  it("proposes a shorter order with new times, and applying it moves the visits and tells each customer", async () => {
    const db = await getDb();
    const { crew, date, stops } = await zigzagDay();
    const proposal = await proposeRoute(db, { crewId: crew.id, date });
    expect(proposal.changed).toBe(true);
    expect(proposal.after.km).toBeLessThan(proposal.before.km);
    // The day still starts at 9:00 and keeps each visit's length.
    expect(formatBusinessDate(proposal.stops[0]!.startTime, "HH:mm")).toBe("09:00");

    const applied = await applyRoute(db, {
      crewId: crew.id,
      date,
      version: proposal.version,
      order: proposal.stops.map((stop) => stop.visitId),
    });
    expect(applied.movedVisits).toBe(proposal.stops.filter((stop) => stop.moved).length);
    expect(applied.after.km).toBeCloseTo(proposal.after.km, 6);
    const starts = await startsOf(proposal.stops.map((stop) => stop.visitId));
    for (const stop of proposal.stops) expect(starts.get(stop.visitId)).toBe(stop.startTime.toISOString());
    // A one-time plan is its visit: the plan moved with it.
    const [plan] = await db.select({ startTime: schedules.startTime }).from(schedules).where(eq(schedules.id, stops[1]!.plan.id));
    expect(plan!.startTime.toISOString()).toBe(starts.get(stops[1]!.plan.id));

    const moved = proposal.stops.filter((stop) => stop.moved);
    const notes = await db
      .select({ to: emailOutbox.to, kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.to,
          stops.map((stop) => stop.customer.email),
        ),
      );
    expect(notes.length).toBe(moved.length);

    const after = await getDayRoute(db, { crewId: crew.id, date });
    expect(after.total.km).toBeCloseTo(proposal.after.km, 6);
    expect((await proposeRoute(db, { crewId: crew.id, date })).changed).toBe(false);
  });

  it("keeps a visit whose time the customer booked at its place and time", async () => {
    const db = await getDb();
    const { crew, date, stops } = await zigzagDay({ fixedAt: "12:00" });
    const day = await getDayRoute(db, { crewId: crew.id, date });
    expect(day.stops[2]).toMatchObject({ fixed: true, fixedReason: "Time booked by the customer" });
    const proposal = await proposeRoute(db, { crewId: crew.id, date });
    expect(proposal.stops[2]).toMatchObject({ visitId: stops[2]!.plan.id, moved: false, fixed: true });
    expect(proposal.after.km).toBeLessThanOrEqual(proposal.before.km);

    // Moving it anyway is refused, whatever the client sends.
    const order = proposal.stops.map((stop) => stop.visitId);
    [order[1], order[2]] = [order[2]!, order[1]!];
    await expect(applyRoute(db, { crewId: crew.id, date, version: proposal.version, order })).rejects.toThrow(
      /fixed-time visit must keep its place/,
    );
  });

  it("refuses an order that is not the day's visits", async () => {
    const db = await getDb();
    const { crew, date } = await zigzagDay();
    const { stops: otherStops } = await zigzagDay();
    const proposal = await proposeRoute(db, { crewId: crew.id, date });
    const ids = proposal.stops.map((stop) => stop.visitId);
    const cookie = await staffCookie();
    for (const order of [ids.slice(1), [...ids.slice(1), ids[1]!], [...ids.slice(1), otherStops[0]!.plan.id]]) {
      const answer = await rest("POST", `/routes/${crew.id}/${date}/apply`, {
        headers: { cookie },
        body: { version: proposal.version, order },
      });
      expect(answer.status).toBe(400);
      expect(answer.json.message).toMatch(/each of the day's visits once/);
    }
    const forged = await rest("POST", `/routes/${crew.id}/${date}/apply`, {
      headers: { cookie },
      body: { version: "x".repeat(32), order: ids },
    });
    expect(forged.status).toBe(400);
  });
});

describe("applying a route re-checks the day inside its transaction", () => {
  it("fails cleanly (409, nothing moved) when the day changed after the proposal", async () => {
    const db = await getDb();
    const { crew, date, stops } = await zigzagDay();
    const proposal = await proposeRoute(db, { crewId: crew.id, date });
    // The office moves one visit meanwhile.
    const cookie = await staffCookie();
    const edit = await rest("PUT", `/schedules/${stops[4]!.plan.id}`, {
      headers: { cookie },
      body: {
        customerId: stops[4]!.customer.id,
        serviceId,
        date: businessInstant(date, "16:00").toISOString(),
        startTime: businessInstant(date, "16:00").toISOString(),
        endTime: businessInstant(date, "17:00").toISOString(),
        status: "confirmed",
        crewId: crew.id,
      },
    });
    expect(edit.status).toBe(200);
    const before = await startsOf(proposal.stops.map((stop) => stop.visitId));
    const answer = await rest("POST", `/routes/${crew.id}/${date}/apply`, {
      headers: { cookie },
      body: { version: proposal.version, order: proposal.stops.map((stop) => stop.visitId) },
    });
    expect(answer.status).toBe(409);
    expect(answer.json.message).toMatch(/The day changed/);
    expect(await startsOf(proposal.stops.map((stop) => stop.visitId))).toEqual(before);
  });

  it("lets one of two simultaneous applies through; the other is refused and moves nothing", async () => {
    const db = await getDb();
    const { crew, date } = await zigzagDay();
    const proposal = await proposeRoute(db, { crewId: crew.id, date });
    const request = { crewId: crew.id, date, version: proposal.version, order: proposal.stops.map((stop) => stop.visitId) };
    const results = await Promise.allSettled([applyRoute(db, request), applyRoute(db, request)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(/The day changed/);
    const starts = await startsOf(request.order);
    for (const stop of proposal.stops) expect(starts.get(stop.visitId)).toBe(stop.startTime.toISOString());
  });

  it("rolls the whole day back when a moved visit would overfill the crews (409, nothing half-applied)", async () => {
    const db = await getDb();
    const { crew, date, stops } = await zigzagDay();
    const proposal = await proposeRoute(db, { crewId: crew.id, date });
    const lastMoved = [...proposal.stops].reverse().find((stop) => stop.moved)!;
    // Every crew is taken when the last moved visit would land: as many unassigned visits as crews.
    const capacity = await getCrewCapacity(db);
    for (let i = 0; i < capacity; i++) {
      await insertPlan({
        customerId: stops[0]!.customer.id,
        serviceId,
        startTime: lastMoved.startTime,
        endTime: lastMoved.endTime,
        status: "confirmed",
      });
    }
    const before = await startsOf(proposal.stops.map((stop) => stop.visitId));
    const outboxBefore = await db.$count(emailOutbox);
    // The filler visits are on other crews' time, not this crew's day: the version still matches.
    await expect(
      applyRoute(db, { crewId: crew.id, date, version: proposal.version, order: proposal.stops.map((stop) => stop.visitId) }),
    ).rejects.toThrow(/Every crew is busy .* nothing was moved/);
    expect(await startsOf(proposal.stops.map((stop) => stop.visitId))).toEqual(before);
    expect(await db.$count(emailOutbox)).toBe(outboxBefore);
  });
});

describe("pins and the start address", () => {
  it("lets the office drop a plan's pin in the Austin area, and refuses one elsewhere or from a crew", async () => {
    const { crew, date, stops } = await zigzagDay();
    const cookie = await staffCookie();
    const pinned = await rest("PUT", `/schedules/${stops[0]!.plan.id}/location`, {
      headers: { cookie },
      body: { latitude: 30.4, longitude: -97.7 },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.json).toMatchObject({ latitude: 30.4, longitude: -97.7, locationSource: "pin" });
    const day = await getDayRoute(await getDb(), { crewId: crew.id, date });
    expect(day.stops[0]!.location).toEqual({ latitude: 30.4, longitude: -97.7, source: "pin" });

    for (const body of [
      { latitude: 40.7, longitude: -74 },
      { latitude: "30.4", longitude: -97.7 },
      { latitude: Number.NaN, longitude: -97.7 },
      {},
    ]) {
      const refused = await rest("PUT", `/schedules/${stops[0]!.plan.id}/location`, { headers: { cookie }, body });
      expect(refused.status).toBe(400);
    }
    const missing = await rest("PUT", "/schedules/999999999/location", { headers: { cookie }, body: { latitude: 30.4, longitude: -97.7 } });
    expect(missing.status).toBe(404);
    const member = await createStaffUser({ role: "crew", crewId: crew.id });
    const fromCrew = await rest("PUT", `/schedules/${stops[0]!.plan.id}/location`, {
      headers: { cookie: await staffCookie(member.user.id) },
      body: { latitude: 30.3, longitude: -97.7 },
    });
    expect(fromCrew.status).toBe(403);
  });

  it("lets only an owner set the start address, which is placed at once", async () => {
    const office = await createStaffUser({ role: "office" });
    const body = { address: "500 E Ben White Blvd", city: "Austin", state: "tx", zipCode: "78704" };
    const refused = await rest("PUT", "/settings/route-start", { headers: { cookie: await staffCookie(office.user.id) }, body });
    expect(refused.status).toBe(403);
    const saved = await rest("PUT", "/settings/route-start", { headers: { cookie: await staffCookie() }, body });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ state: "TX", latitude: 30.2428, longitude: -97.7658, locationSource: "zip" });
    const bad = await rest("PUT", "/settings/route-start", {
      headers: { cookie: await staffCookie() },
      body: { ...body, zipCode: "7870" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/ZIP/);
    // Put back the start the other tests reckon from.
    await saveRouteStart(await getDb(), { address: "301 Congress Ave", city: "Austin", state: "TX", zipCode: "78701" }, zipGeocoder);
  });
});
