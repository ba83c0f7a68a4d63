import { sql } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as feedRoute } from "@/app/feeds/calendar/[token]/route";
import { getDb } from "@/server/db";
import { bookableServices, bookingRequest } from "../fixtures/bookings";
import { createCustomer, customerCookie, rest, staffCookie } from "../support/helpers";

// A booking whose address or special instructions holds a bare carriage return
// wrote raw CR bytes into the staff and customer calendar feeds, and a calendar app that breaks
// lines at a bare CR read "END:VEVENT\rBEGIN:VEVENT\r..." as events of the attacker's making.
// Replayed as an attacker with only the API: the booking goes over REST, the feeds are read from
// their address (the route that serves /feeds/calendar/<token>.ics).

const INJECTED =
  "END:VEVENT\rBEGIN:VEVENT\rUID:evil@attacker\rDTSTART:20300101T000000Z\rDTEND:20300101T010000Z\rSUMMARY:evil\rEND:VEVENT\rBEGIN:VEVENT";
const ADDRESS = `12 Oak St\r${INJECTED}\r\nSUMMARY:evil too\nX`;
const INSTRUCTIONS = `Gate code 1234\r${INJECTED}\u000b\u007f\r\n${"Jardín 🌿 ".repeat(20)}end`;
const FULL_NAME = `Mallory\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:evil`;

/** The text a reader of the feed sees: each line break one "\n", other control characters gone. */
const visible = (text: string) => text.replace(/\r\n|\r|\n/g, "\n").replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "");

const DAY = 86_400_000;

async function feedText(url: string) {
  const token = url.split("/").pop()!;
  const response = await feedRoute(new Request(url), { params: Promise.resolve({ token }) });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/calendar");
  return response.text();
}

/** The feed as ical.js reads it, and as a calendar that ends a line at any CR or LF reads it. */
function readings(text: string) {
  return [text, text.replace(/\r\n|\r|\n/g, "\r\n")].map((reading) =>
    new ICAL.Component(ICAL.parse(reading)).getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent)),
  );
}

/** Visits the feed's window holds ([now - 31 days, now + 366 days), not cancelled), by customer or all. */
async function visitIdsInWindow(customerId?: number): Promise<string[]> {
  const db = await getDb();
  const now = Date.now();
  const from = new Date(now - 31 * DAY).toISOString();
  const to = new Date(now + 366 * DAY).toISOString();
  const result = await db.execute(sql`select id from visits
    where start_time >= ${from}::timestamptz and start_time < ${to}::timestamptz
      and status in ('pending', 'confirmed', 'completed')
      and (${customerId ?? null}::int is null or customer_id = ${customerId ?? null}::int)
    order by id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ id: number }>;
  return rows.map((row) => `visit-${row.id}@greenscapeaustin.com`);
}

describe("attack: iCalendar line injection through a booking", () => {
  let serviceId: number;

  beforeAll(async () => {
    serviceId = (await bookableServices()).flat.id;
  });

  it("gives the staff feed and the customer's feed exactly one event per visit, the hostile text escaped", async () => {
    // An anonymous one-time booking and a signed-in customer's weekly series, both hostile.
    const anonymous = await rest("POST", "/bookings", {
      body: bookingRequest({ serviceId, address: ADDRESS, specialInstructions: INSTRUCTIONS, fullName: FULL_NAME }),
    });
    expect(anonymous.status, anonymous.text).toBe(201);
    const { customer } = await createCustomer({ password: "customer-pass" });
    const signedIn = await customerCookie(customer.id);
    const series = await rest("POST", "/bookings", {
      headers: { cookie: signedIn },
      body: bookingRequest({ serviceId, email: customer.email, address: ADDRESS, specialInstructions: INSTRUCTIONS, isRecurring: true }),
    });
    expect(series.status, series.text).toBe(201);

    // The staff feed: every visit.
    const staffFeed = await rest("POST", "/settings/calendar-feed", { body: {}, headers: { cookie: await staffCookie() } });
    expect(staffFeed.status).toBe(201);
    const staffText = await feedText(staffFeed.json.url as string);
    expect(staffText.replace(/\r\n/g, "")).not.toMatch(/[\u0000-\u001f\u007f]/);
    const everyVisit = await visitIdsInWindow();
    expect(everyVisit.length).toBeGreaterThan(1);
    for (const events of readings(staffText)) {
      expect(events.map((event) => event.uid).sort()).toEqual([...everyVisit].sort());
      for (const event of events) {
        expect(event.location).toBe(`${visible(ADDRESS)}, Austin, TX 78701`);
        expect(event.description).toContain(`Notes: ${visible(INSTRUCTIONS)}`);
      }
      expect(events.filter((event) => event.summary === `Basic Lawn Mowing: ${visible(FULL_NAME)}`)).toHaveLength(1);
      expect(events.some((event) => event.summary === "evil" || event.uid === "evil@attacker")).toBe(false);
    }

    // The customer's own feed: their series only.
    const customerFeed = await rest("POST", "/customer/calendar-feed", { body: {}, headers: { cookie: signedIn } });
    expect(customerFeed.status).toBe(201);
    const customerText = await feedText(customerFeed.json.url as string);
    expect(customerText.replace(/\r\n/g, "")).not.toMatch(/[\u0000-\u001f\u007f]/);
    const theirVisits = await visitIdsInWindow(customer.id);
    expect(theirVisits.length).toBeGreaterThan(1);
    for (const events of readings(customerText)) {
      expect(events.map((event) => event.uid).sort()).toEqual([...theirVisits].sort());
      for (const event of events) expect(event.location).toBe(`${visible(ADDRESS)}, Austin, TX 78701`);
    }
  });
});
