import { describe, expect, it } from "vitest";
import { addDays, businessToday } from "@/lib/business-time";
import { BOOKING_MESSAGES } from "@/lib/validation/booking";
import { latestBookableDate } from "@/lib/slots";
import { getDb } from "@/server/db";
import { schedules } from "@/server/db/schema";
import { LIMITS } from "@/server/auth/limits";
import { customerCookie, fromAddress, rest } from "#test/support/helpers";
import { bookableServices, bookingRequest } from "#test/fixtures/bookings";

let network = 0;
/** A fresh address for each test, so that one test's bookings do not count against another's. */
const newAddress = () => fromAddress(`100.64.${network++}.1`);

async function scheduleCount() {
  return (await getDb()).$count(schedules);
}

describe("anonymous bookings are bounded", () => {
  it("limits 30 rapid bookings from one address, writing nothing for the refused ones", async () => {
    const { flat } = await bookableServices();
    const headers = newAddress();
    const before = await scheduleCount();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        rest("POST", "/bookings", { headers, body: bookingRequest({ serviceId: flat.id, date: addDays(businessToday(), 40 + index) }) }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMITS.bookingsPerAddress.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LIMITS.bookingsPerAddress.limit);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.json.message).toBe(LIMITS.bookingsPerAddress.message);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await scheduleCount()).toBe(before + LIMITS.bookingsPerAddress.limit);
  });

  it("limits one email booking from many addresses", async () => {
    const { flat } = await bookableServices();
    const email = `busy.booker.${Date.now()}@example.com`;
    const statuses = [];
    for (let index = 0; index <= LIMITS.bookingsPerEmail.limit; index++) {
      const body = bookingRequest({ serviceId: flat.id, email, date: addDays(businessToday(), 80 + index) });
      statuses.push((await rest("POST", "/bookings", { headers: newAddress(), body })).status);
    }
    expect(statuses).toEqual([...Array(LIMITS.bookingsPerEmail.limit).fill(201), 429]);
  });

  it("limits one email booking from many addresses at once: the two counters race as one", async () => {
    const { flat } = await bookableServices();
    const email = `racing.booker.${Date.now()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        rest("POST", "/bookings", {
          headers: newAddress(),
          body: bookingRequest({ serviceId: flat.id, email, date: addDays(businessToday(), 100 + index) }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMITS.bookingsPerEmail.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - LIMITS.bookingsPerEmail.limit);
    expect(answers.find((answer) => answer.status === 429)!.json.message).toBe(LIMITS.bookingsPerEmail.message);
  });

  it("refuses a visit 4 years ahead with 400, and takes one 12 months ahead", async () => {
    const { flat } = await bookableServices();
    const headers = newAddress();
    const far = await rest("POST", "/bookings", {
      headers,
      body: bookingRequest({ serviceId: flat.id, date: addDays(businessToday(), 4 * 365) }),
    });
    expect(far.status).toBe(400);
    expect(far.json).toMatchObject({
      message: BOOKING_MESSAGES.dateTooFar,
      issues: [{ path: ["date"], message: BOOKING_MESSAGES.dateTooFar }],
    });
    const justInside = await rest("POST", "/bookings", {
      headers,
      body: bookingRequest({ serviceId: flat.id, date: latestBookableDate() }),
    });
    expect(justInside.status).toBe(201);
    const dayAfter = await rest("POST", "/bookings", {
      headers,
      body: bookingRequest({ serviceId: flat.id, date: addDays(latestBookableDate(), 1) }),
    });
    expect(dayAfter.status).toBe(400);
  });

  it("caps the open-ended series a visitor starts without signing in, but not a signed-in customer's", async () => {
    const { flat } = await bookableServices();
    const email = `series.${Date.now()}@example.com`;
    const series = (date: number) => bookingRequest({ serviceId: flat.id, email, isRecurring: true, date: addDays(businessToday(), date) });
    for (let started = 0; started < LIMITS.anonymousSeriesPerEmail.limit; started++) {
      expect((await rest("POST", "/bookings", { headers: newAddress(), body: series(120 + started) })).status).toBe(201);
    }
    const capped = await rest("POST", "/bookings", { headers: newAddress(), body: series(130) });
    expect(capped.status).toBe(429);
    expect(capped.json.message).toBe(LIMITS.anonymousSeriesPerEmail.message);
    // A one-time visit for the same email still books.
    expect((await rest("POST", "/bookings", { headers: newAddress(), body: { ...series(131), isRecurring: false } })).status).toBe(201);

    const signedIn = { ...newAddress(), cookie: await customerCookie() };
    for (let started = 0; started < 3; started++) {
      expect((await rest("POST", "/bookings", { headers: signedIn, body: series(140 + started) })).status).toBe(201);
    }
  });

  it("gives the count back when a booking is refused, so trying a few full or wrong dates does not lock anyone out", async () => {
    const { flat } = await bookableServices();
    const email = `retrier.${Date.now()}@example.com`;
    const headers = newAddress();
    for (let attempt = 0; attempt < LIMITS.bookingsPerEmail.limit + 3; attempt++) {
      const refused = await rest("POST", "/bookings", {
        headers,
        body: bookingRequest({ serviceId: flat.id, email, date: businessToday() }),
      });
      expect(refused.status).toBe(400);
    }
    const booked = await rest("POST", "/bookings", {
      headers,
      body: bookingRequest({ serviceId: flat.id, email, date: addDays(businessToday(), 150) }),
    });
    expect(booked.status).toBe(201);
  });

  it("keeps cheap reads unthrottled: the catalogue and availability answer 200 however often they are asked", async () => {
    const { flat } = await bookableServices();
    const headers = newAddress();
    const date = addDays(businessToday(), 10);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        index % 2 ? rest("GET", "/services", { headers }) : rest("GET", `/availability?date=${date}&serviceId=${flat.id}`, { headers }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
  });
});
