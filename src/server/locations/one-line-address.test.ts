import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, businessInstant, businessToday } from "@/lib/business-time";
import { calendarForToken } from "@/server/calendar/feeds";
import { addCrew } from "@/server/crews/crews-repository";
import { getDb } from "@/server/db";
import { customers, emailOutbox, schedules } from "@/server/db/schema";
import { queueDueReminders } from "@/server/notifications/reminders";
import { DEFAULT_NOTIFICATION_SETTINGS, saveNotificationSettings } from "@/server/notifications/settings";
import { insertPlan } from "#test/fixtures/plans";
import { bookableServices, bookingRequest } from "#test/fixtures/bookings";
import { createCustomer, createStaffUser, customerCookie, fromAddress, rest, staffCookie } from "#test/support/helpers";
import { zipGeocoder } from "./geocoder";
import { locatePendingAddresses } from "./locate-addresses";

// The staff customer form and POST /customers carry the address on one line
// (docs/product-rules.md#where-each-visit-is): it is read apart, placed, and printed once.

const LINE = "1200 E 6th St, Austin, TX 78702";
let office: string;
let crewId: number;
let crewMember: string;
let hour = 6;

beforeAll(async () => {
  office = await staffCookie((await createStaffUser({ role: "office" })).user.id);
  crewId = (await addCrew(await getDb(), { name: `One-line crew ${Date.now()}` })).id;
  crewMember = await staffCookie((await createStaffUser({ role: "crew", crewId })).user.id);
});

let sequence = 0;
const customerForm = (address: string, extra: Record<string, string> = {}) => ({
  fullName: "Rosa Diaz",
  email: `rosa.${Date.now()}.${sequence++}@example.com`,
  phone: "5125550111",
  address,
  notes: "",
  ...extra,
});

async function addCustomer(body: Record<string, string>) {
  const created = await rest("POST", "/customers", { headers: { cookie: office }, body });
  expect(created.status).toBe(201);
  return created.json as { id: number; address: string | null; city: string | null; state: string | null; zipCode: string | null };
}

/** A visit today for the crew, booked by the office for the customer at the customer's address. */
async function officeVisit(customerId: number) {
  const startTime = businessInstant(businessToday(), `${String(hour++).padStart(2, "0")}:00`);
  const created = await rest("POST", "/schedules", {
    headers: { cookie: office },
    body: {
      customerId,
      crewId,
      date: startTime.toISOString(),
      startTime: startTime.toISOString(),
      endTime: new Date(startTime.getTime() + 30 * 60_000).toISOString(),
      status: "confirmed",
    },
  });
  expect(created.status).toBe(201);
  return created.json as { id: number };
}

const locationOf = async (customerId: number) =>
  (await rest("GET", `/customers/${customerId}/location`, { headers: { cookie: office } })).json;

async function routeStopOf(planId: number) {
  const route = await rest("GET", `/routes/${crewId}/${businessToday()}`, { headers: { cookie: office } });
  expect(route.status).toBe(200);
  return (route.json.stops as Array<{ scheduleId: number; address: string; location: unknown }>).find(
    (stop) => stop.scheduleId === planId,
  )!;
}

async function phoneStopAddressOf(planId: number) {
  const day = await rest("GET", "/crew/day", { headers: { cookie: crewMember } });
  expect(day.status).toBe(200);
  const route = await rest("GET", `/routes/${crewId}/${businessToday()}`, { headers: { cookie: office } });
  const visitId = (route.json.stops as Array<{ scheduleId: number; visitId: number }>).find((stop) => stop.scheduleId === planId)!.visitId;
  return (day.json.stops as Array<{ visitId: string; address: string }>).find((stop) => stop.visitId === String(visitId))!.address;
}

describe("an address typed on one line", () => {
  it("is saved in its parts, placed, and printed once on the route and the crew's phone", async () => {
    const customer = await addCustomer(customerForm(LINE));
    expect(customer).toMatchObject({ address: "1200 E 6th St", city: "Austin", state: "TX", zipCode: "78702" });
    const plan = await officeVisit(customer.id);

    await locatePendingAddresses(await getDb(), zipGeocoder);
    expect(await locationOf(customer.id)).toMatchObject({ locationSource: "zip", latitude: expect.any(Number) });
    const stop = await routeStopOf(plan.id);
    expect(stop.address).toBe(LINE);
    expect(stop.location).toMatchObject({ source: "zip" });
    expect(await phoneStopAddressOf(plan.id)).toBe(LINE);

    const listed = (await rest("GET", "/customers", { headers: { cookie: office } })).json as unknown as Array<Record<string, unknown>>;
    expect(listed.find((row) => row.id === customer.id)).toMatchObject({ address: "1200 E 6th St", city: "Austin", zipCode: "78702" });
  });

  it("is read apart the same from the staff screen's form, which sends the state, and on an edit", async () => {
    const customer = await addCustomer(customerForm("500 Main St", { city: "", state: "TX", zipCode: "" }));
    const updated = await rest("PUT", `/customers/${customer.id}`, {
      headers: { cookie: office },
      body: customerForm(LINE, { city: "", state: "TX", zipCode: "" }),
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ address: "1200 E 6th St", city: "Austin", state: "TX", zipCode: "78702" });
  });

  it("takes the ZIP from a line with no city or state", async () => {
    const customer = await addCustomer(customerForm("123 Main St 78701"));
    expect(customer).toMatchObject({ address: "123 Main St", city: null, state: null, zipCode: "78701" });
    await locatePendingAddresses(await getDb(), zipGeocoder);
    expect(await locationOf(customer.id)).toMatchObject({ locationSource: "zip" });
  });

  it("keeps a line with no ZIP as typed, and says it cannot be placed", async () => {
    const customer = await addCustomer(customerForm("123 Main Street"));
    expect(customer).toMatchObject({ address: "123 Main Street", city: null, state: null, zipCode: null });
    await locatePendingAddresses(await getDb(), zipGeocoder);
    expect(await locationOf(customer.id)).toEqual({ id: customer.id, latitude: null, longitude: null, locationSource: "none" });
  });

  it("places customers and plans saved earlier with the whole address on the line, and prints it once", async () => {
    const db = await getDb();
    // As the staff form saved them before: the whole line, the form's state, no city or ZIP.
    const { customer } = await createCustomer({ address: LINE, city: null, state: "TX", zipCode: null });
    const plan = await insertPlan({
      customerId: customer.id,
      crewId,
      status: "confirmed",
      startTime: businessInstant(businessToday(), `${String(hour++).padStart(2, "0")}:00`),
      address: LINE,
      city: null,
      state: "TX",
      zipCode: null,
    });

    await locatePendingAddresses(db, zipGeocoder);
    expect(await locationOf(customer.id)).toMatchObject({ locationSource: "zip" });
    const [placedPlan] = await db.select({ source: schedules.locationSource }).from(schedules).where(eq(schedules.id, plan.id));
    expect(placedPlan?.source).toBe("zip");
    const stop = await routeStopOf(plan.id);
    expect(stop.address).toBe(LINE);
    expect(stop.location).toMatchObject({ source: "zip" });
    expect(await phoneStopAddressOf(plan.id)).toBe(LINE);
    // The job places the row; what staff typed stays until they next save it.
    const [row] = await db.select({ address: customers.address }).from(customers).where(eq(customers.id, customer.id));
    expect(row?.address).toBe(LINE);
  });

  it("leaves an address given in its parts, as a booking gives it, as it was", async () => {
    const { flat } = await bookableServices();
    const request = bookingRequest({ serviceId: flat.id, address: "1100 Congress Ave", city: "Austin", state: "TX", zipCode: "78701" });
    const booked = await rest("POST", "/bookings", { headers: fromAddress("100.64.90.1"), body: request });
    expect(booked.status).toBe(201);
    const db = await getDb();
    const [customer] = await db.select().from(customers).where(eq(customers.email, request.email.toLowerCase()));
    expect(customer).toMatchObject({ address: "1100 Congress Ave", city: "Austin", state: "TX", zipCode: "78701" });
    await locatePendingAddresses(db, zipGeocoder);
    expect(await locationOf(customer!.id)).toMatchObject({ locationSource: "zip" });

    const staffForm = await addCustomer(customerForm("42 Elm Street", { city: "Austin", state: "TX", zipCode: "78704" }));
    expect(staffForm).toMatchObject({ address: "42 Elm Street", city: "Austin", state: "TX", zipCode: "78704" });
  });

  it("is printed once in the visit's reminder email and the customer's calendar feed", async () => {
    const db = await getDb();
    await saveNotificationSettings(db, DEFAULT_NOTIFICATION_SETTINGS);
    const { customer } = await createCustomer({ address: LINE, city: null, state: "TX", zipCode: null, password: "feed-owner-1" });
    const tomorrow = addDays(businessToday(), 1);
    // Saved before the line was read apart, and a street line that repeats the city field.
    for (const [time, address, city, zipCode] of [
      ["09:00", LINE, null, null],
      ["13:00", "500 Main St, Austin", "Austin", "78701"],
    ] as const) {
      await insertPlan({
        customerId: customer.id,
        status: "confirmed",
        startTime: businessInstant(tomorrow, time),
        address,
        city,
        state: "TX",
        zipCode,
      });
    }

    await queueDueReminders(db, businessInstant(businessToday(), "17:00"));
    const reminders = await db.select({ body: emailOutbox.body }).from(emailOutbox).where(eq(emailOutbox.to, customer.email));
    const bodies = reminders.map((row) => row.body).join("\n");
    expect(bodies).toContain(`Where: ${LINE}\n`);
    expect(bodies).toContain("Where: 500 Main St, Austin, TX 78701\n");

    const feed = await rest("POST", "/customer/calendar-feed", { body: {}, headers: { cookie: await customerCookie(customer.id) } });
    expect(feed.status).toBe(201);
    const token = (feed.json.url as string).split("/").pop()!.replace(".ics", "");
    const calendar = new ICAL.Component(ICAL.parse((await calendarForToken(db, token))!));
    const locations = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent).location);
    expect(locations.sort()).toEqual([LINE, "500 Main St, Austin, TX 78701"].sort());
  });
});
