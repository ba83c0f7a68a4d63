import { eq, sql } from "drizzle-orm";
import { rowsOf } from "@/server/db/rows";
import { beforeEach, describe, expect, it } from "vitest";
import { businessInstant, endOfBusinessDayExclusive, startOfBusinessDay } from "@/lib/business-time";
import { SERVICE_AREA_MESSAGES } from "@/lib/service-area";
import { getDb } from "@/server/db";
import { customers, schedules, services } from "@/server/db/schema";
import { listVisits } from "@/server/schedules/visits";
import { createCustomer, customerCookie, fromAddress, rest } from "#test/support/helpers";
import { BOOKING_REFERENCE_PATTERN } from "./booking-reference";
import { bookableServices, bookingRequest, daysAhead, existingVisit } from "#test/fixtures/bookings";
import { DEFAULT_CREW_CAPACITY, setCrewCapacity } from "@/server/schedules/crew-capacity";
import { SLOT_TAKEN_MESSAGE } from "./create-booking";

async function scheduleById(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(schedules).where(eq(schedules.id, id));
  return row!;
}

async function customerById(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row!;
}

beforeEach(async () => {
  await setCrewCapacity(await getDb(), DEFAULT_CREW_CAPACITY);
});

describe("POST /api/bookings", () => {
  it("books a one-time visit: 201 with the reference, a pending schedule and a new customer", async () => {
    const { flat } = await bookableServices();
    const body = bookingRequest({ serviceId: flat.id, date: daysAhead(9), timeSlot: "13:00", email: "New.Person@Example.com" });

    const response = await rest("POST", "/bookings", { body });

    expect(response.status).toBe(201);
    const booking = response.json as Record<string, unknown>;
    expect(booking).toMatchObject({
      status: "pending",
      date: body.date,
      timeSlot: "13:00",
      isRecurring: false,
      recurringFrequency: null,
      servicePrice: 3500,
      recurringDiscount: 0,
      totalPrice: 3500,
      lawnSizeSqFt: null,
      service: { id: flat.id, name: flat.name, duration: 60 },
    });
    expect(booking.bookingReference).toMatch(BOOKING_REFERENCE_PATTERN);
    expect(booking.startTime).toBe(businessInstant(body.date, "13:00").toISOString());
    expect(booking.endTime).toBe(businessInstant(body.date, "14:00").toISOString());

    const schedule = await scheduleById(booking.scheduleId as number);
    expect(schedule).toMatchObject({
      status: "pending",
      serviceId: flat.id,
      totalPrice: 3500,
      address: "1100 Congress Ave",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      specialInstructions: "Gate code 1234",
      bookingReference: booking.bookingReference,
      isRecurring: false,
    });
    const customer = await customerById(schedule.customerId);
    expect(customer).toMatchObject({
      fullName: "Jordan Rivera",
      email: "new.person@example.com",
      phone: "5125550123",
      address: "1100 Congress Ave",
      zipCode: "78701",
      passwordHash: null,
    });
  });

  it("prices per-sq-ft services on the lawn size and takes 10% off recurring visits, whatever price the client sends", async () => {
    const { perSqFt } = await bookableServices();
    const body = {
      ...bookingRequest({ serviceId: perSqFt.id, lawnSizeSqFt: 2500, isRecurring: true, recurringFrequency: "biweekly" }),
      totalPrice: 1,
      price: 1,
    };

    const response = await rest("POST", "/bookings", { body });

    expect(response.status).toBe(201);
    // 6 cents x 2,500 sq ft = $150.00; 10% off = $15.00.
    expect(response.json).toMatchObject({ servicePrice: 15000, recurringDiscount: 1500, totalPrice: 13500, lawnSizeSqFt: 2500 });
    const schedule = await scheduleById(response.json.scheduleId as number);
    expect(schedule).toMatchObject({
      totalPrice: 13500,
      lawnSizeSqFt: 2500,
      isRecurring: true,
      recurringFrequency: "biweekly",
      recurringEndDate: null,
    });
  });

  it("uses the default lawn size of 1000 sq ft when none is given, and rounds the discount", async () => {
    const db = await getDb();
    const [odd] = await db.insert(services).values({ name: "Odd Price", price: 1000, pricePerSqFt: 7, duration: 60 }).returning();
    const body = bookingRequest({ serviceId: odd!.id, lawnSizeSqFt: undefined, isRecurring: true });

    const response = await rest("POST", "/bookings", { body });

    // 7 x 1000 = 7000; 10% = 700.
    expect(response.json).toMatchObject({ servicePrice: 7000, recurringDiscount: 700, totalPrice: 6300, lawnSizeSqFt: 1000 });
    const rounded = await rest("POST", "/bookings", {
      body: bookingRequest({ serviceId: odd!.id, lawnSizeSqFt: 1235, isRecurring: true }),
    });
    // 7 x 1235 = 8645; 10% = 864.5, rounded to 865.
    expect(rounded.json).toMatchObject({ servicePrice: 8645, recurringDiscount: 865, totalPrice: 7780 });
  });

  it("answers 400 with the spec's message for each bad field", async () => {
    const { flat, perSqFt } = await bookableServices();
    const db = await getDb();
    const schedulesBefore = await db.select().from(schedules);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ serviceId: "" }, "serviceId", "Please select a service"],
      [{ serviceId: 999_999 }, "serviceId", "Please select a service"],
      [{ address: "12 A" }, "address", "Please enter your full address"],
      [{ city: " " }, "city", "City is required"],
      [{ state: "" }, "state", "State is required"],
      [{ zipCode: "787" }, "zipCode", "Valid zip code is required"],
      [{ zipCode: "10001" }, "zipCode", SERVICE_AREA_MESSAGES.notServiced],
      [{ serviceId: perSqFt.id, lawnSizeSqFt: 99 }, "lawnSizeSqFt", "Lawn size must be at least 100 sq ft"],
      [{ serviceId: perSqFt.id, lawnSizeSqFt: 0 }, "lawnSizeSqFt", "Lawn size must be at least 100 sq ft"],
      [{ date: "" }, "date", "Please select a date"],
      [{ date: "2030-02-30" }, "date", "Please select a date"],
      [{ date: daysAhead(0) }, "date", "Please select a date from tomorrow onward"],
      [{ date: daysAhead(-3) }, "date", "Please select a date from tomorrow onward"],
      [{ timeSlot: "" }, "timeSlot", "Please select a time slot"],
      [{ timeSlot: "08:00" }, "timeSlot", "Please select a time slot"],
      [{ timeSlot: "18:00" }, "timeSlot", "Please select a time slot"],
      [{ timeSlot: "10:30" }, "timeSlot", "Please select a time slot"],
      [{ fullName: "J" }, "fullName", "Full name is required"],
      [{ email: "not-an-email" }, "email", "Valid email is required"],
      [{ phone: "512555" }, "phone", "Valid phone number is required"],
      [{ recurringFrequency: "daily" }, "recurringFrequency", 'Invalid option: expected one of "weekly"|"biweekly"|"monthly"'],
    ];
    for (const [change, field, message] of cases) {
      const response = await rest("POST", "/bookings", { body: { ...bookingRequest({ serviceId: flat.id }), ...change } });
      expect(response.status, `${field} ${JSON.stringify(change)}`).toBe(400);
      expect(response.json.message, field).toBe(message);
      expect(response.json.issues, field).toEqual(expect.arrayContaining([{ path: [field], message }]));
    }
    expect(await db.select().from(schedules)).toHaveLength(schedulesBefore.length);
  });

  it("takes the spec's form: serviceId as a string of decimal digits as well as an integer", async () => {
    const { flat } = await bookableServices();
    const db = await getDb();
    // A service whose id has two digits, so "12"-like ids are read whole.
    let twoDigits = flat;
    while (twoDigits.id < 10)
      twoDigits = (
        await db
          .insert(services)
          .values({ name: `Hedge Trimming ${twoDigits.id}`, price: 4000, duration: 60 })
          .returning()
      )[0]!;

    for (const serviceId of [String(flat.id), String(twoDigits.id), twoDigits.id]) {
      const response = await rest("POST", "/bookings", { body: bookingRequest({ serviceId }) });
      expect(response.status, `serviceId ${JSON.stringify(serviceId)}: ${response.text}`).toBe(201);
      const expected = Number(serviceId);
      expect(response.json).toMatchObject({ service: { id: expected } });
      expect((await scheduleById(response.json.scheduleId as number)).serviceId).toBe(expected);
    }

    // Hex, signs, spaces, leading zeros, decimals, exponents and empty text stay refused with the service's message.
    const schedulesBefore = await db.select().from(schedules);
    const id = String(flat.id);
    for (const serviceId of [
      `0x${flat.id.toString(16)}`,
      `+${id}`,
      `-${id}`,
      ` ${id}`,
      `${id} `,
      `${id}.0`,
      `${id}e0`,
      `0${id}`,
      "0",
      "",
      " ",
      "2147483648",
      "99999999999",
      "１",
      true,
      null,
      1.5,
      0,
      -1,
      [flat.id],
    ]) {
      const response = await rest("POST", "/bookings", { body: { ...bookingRequest(), serviceId } });
      expect(response.status, `serviceId ${JSON.stringify(serviceId)}`).toBe(400);
      expect(response.json.message, `serviceId ${JSON.stringify(serviceId)}`).toBe("Please select a service");
      expect(response.json.issues).toEqual([{ path: ["serviceId"], message: "Please select a service" }]);
    }
    expect(await db.select().from(schedules)).toHaveLength(schedulesBefore.length);
  });

  it("refuses a lawn under 100 sq ft whatever the service, and does not store the size of a flat-priced one", async () => {
    const { flat } = await bookableServices();
    const tiny = await rest("POST", "/bookings", { body: bookingRequest({ serviceId: flat.id, lawnSizeSqFt: 99 }) });
    expect(tiny.status).toBe(400);
    expect(tiny.json.message).toBe("Lawn size must be at least 100 sq ft");
    const response = await rest("POST", "/bookings", { body: bookingRequest({ serviceId: flat.id, lawnSizeSqFt: 500 }) });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ lawnSizeSqFt: null, totalPrice: 3500 });
  });

  it("refuses a ZIP the service itself is not offered in, and an inactive service", async () => {
    const db = await getDb();
    const [limited] = await db
      .insert(services)
      .values({ name: "Lakeside Only", price: 5000, duration: 60, availableZipCodes: ["78734"] })
      .returning();
    const [retired] = await db.insert(services).values({ name: "Retired", price: 5000, duration: 60, isActive: false }).returning();

    const elsewhere = await rest("POST", "/bookings", { body: bookingRequest({ serviceId: limited!.id, zipCode: "78701" }) });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json.message).toBe(SERVICE_AREA_MESSAGES.notServiced);
    const lakeside = await rest("POST", "/bookings", { body: bookingRequest({ serviceId: limited!.id, zipCode: "78734" }) });
    expect(lakeside.status).toBe(201);
    const inactive = await rest("POST", "/bookings", { body: bookingRequest({ serviceId: retired!.id }) });
    expect(inactive.status).toBe(400);
    expect(inactive.json.message).toBe("Please select a service");
  });

  it("books an existing customer by email without changing their profile", async () => {
    const { flat } = await bookableServices();
    const { customer } = await createCustomer({
      fullName: "Maria Lopez",
      email: "maria.lopez@example.com",
      phone: "5125550111",
      address: "77 Elm St",
      zipCode: "78704",
    });

    const response = await rest("POST", "/bookings", {
      body: bookingRequest({ serviceId: flat.id, email: "  MARIA.Lopez@example.com ", fullName: "Someone Else", phone: "5125559999" }),
    });

    expect(response.status).toBe(201);
    const schedule = await scheduleById(response.json.scheduleId as number);
    expect(schedule.customerId).toBe(customer.id);
    // The booking's address is the visit's; the customer's profile stays as it was.
    expect(schedule.address).toBe("1100 Congress Ave");
    expect(await customerById(customer.id)).toMatchObject({
      fullName: "Maria Lopez",
      phone: "5125550111",
      address: "77 Elm St",
      zipCode: "78704",
    });
    const db = await getDb();
    expect(await db.select().from(customers).where(eq(customers.email, "maria.lopez@example.com"))).toHaveLength(1);
  });

  it("attaches a signed-in customer's booking to their own account", async () => {
    const { flat } = await bookableServices();
    const { customer } = await createCustomer({ email: "signed.in@example.com", password: "customer-pass" });
    const other = await createCustomer({ email: "typed.address@example.com" });

    const response = await rest("POST", "/bookings", {
      body: bookingRequest({ serviceId: flat.id, email: "typed.address@example.com" }),
      headers: { cookie: await customerCookie(customer.id) },
    });

    expect(response.status).toBe(201);
    const schedule = await scheduleById(response.json.scheduleId as number);
    expect(schedule.customerId).toBe(customer.id);
    expect(schedule.customerId).not.toBe(other.customer.id);
  });

  it("shows the booking to staff in that day's visits at once", async () => {
    const { flat } = await bookableServices();
    const date = daysAhead(12);
    const response = await rest("POST", "/bookings", { body: bookingRequest({ serviceId: flat.id, date, timeSlot: "15:00" }) });
    const db = await getDb();
    const visits = await listVisits(db, { from: startOfBusinessDay(date), to: endOfBusinessDayExclusive(date) });
    expect(visits).toEqual([
      expect.objectContaining({
        scheduleId: response.json.scheduleId,
        status: "pending",
        bookingReference: response.json.bookingReference,
      }),
    ]);
  });
});

describe("crew capacity", () => {
  it("refuses a slot with 409 once the pending and confirmed visits overlapping it reach the crews", async () => {
    const { flat, perSqFt } = await bookableServices();
    const { customer } = await createCustomer();
    const date = daysAhead(8);
    // Default capacity 2: a 90-minute visit at 9:00 and one at 10:00 both overlap 10:00-11:00.
    await existingVisit({ customerId: customer.id, serviceId: perSqFt.id, date, time: "09:00", minutes: 90 });
    await existingVisit({ customerId: customer.id, serviceId: flat.id, date, time: "10:00", minutes: 60, status: "pending" });
    // Completed and cancelled visits free their crew.
    await existingVisit({ customerId: customer.id, serviceId: flat.id, date, time: "10:00", minutes: 60, status: "cancelled" });
    await existingVisit({ customerId: customer.id, serviceId: flat.id, date, time: "10:00", minutes: 60, status: "completed" });

    const refusedEmail = `refused-${Date.now()}@example.com`;
    const full = await rest("POST", "/bookings", {
      body: bookingRequest({ serviceId: flat.id, date, timeSlot: "10:00", email: refusedEmail, specialInstructions: refusedEmail }),
    });
    expect(full.status).toBe(409);
    expect(full.json).toMatchObject({ message: SLOT_TAKEN_MESSAGE, code: "CONFLICT" });
    // Refused by the database with the COMMIT already on its way: the customer, the plan and its job went with it.
    const db = await getDb();
    expect(await db.select().from(customers).where(eq(customers.email, refusedEmail))).toEqual([]);
    expect(await db.select().from(schedules).where(eq(schedules.bookedEmail, refusedEmail))).toEqual([]);
    const jobs = rowsOf<{ count: number }>(
      await db.execute(
        sql`select count(*)::int as count from pgboss.job where name = 'announce-booking' and data::text like ${`%${refusedEmail}%`}`,
      ),
    );
    expect(jobs[0]?.count).toBe(0);

    // 11:00-12:00 no longer overlaps the 9:00-10:30 visit.
    const later = await rest("POST", "/bookings", { body: bookingRequest({ serviceId: flat.id, date, timeSlot: "11:00" }) });
    expect(later.status).toBe(201);

    // A 90-minute service at 9:00 runs until 10:30 and so meets both the 9:00 and the 10:00 visit.
    const longer = await rest("POST", "/bookings", { body: bookingRequest({ serviceId: perSqFt.id, date, timeSlot: "09:00" }) });
    expect(longer.status).toBe(409);
  });

  it("counts every visit of a recurring series and follows the crew capacity setting", async () => {
    const { flat } = await bookableServices();
    const { customer } = await createCustomer();
    const date = daysAhead(14);
    // A weekly series that began two weeks earlier has a visit on `date` at 9:00.
    await existingVisit({
      customerId: customer.id,
      serviceId: flat.id,
      date: daysAhead(0),
      time: "09:00",
      minutes: 60,
      recurringFrequency: "weekly",
    });
    const db = await getDb();
    await setCrewCapacity(db, 1);

    const clash = await rest("POST", "/bookings", { body: bookingRequest({ serviceId: flat.id, date, timeSlot: "09:00" }) });
    expect(clash.status).toBe(409);

    await setCrewCapacity(db, 3);
    const roomy = await rest("POST", "/bookings", { body: bookingRequest({ serviceId: flat.id, date, timeSlot: "09:00" }) });
    expect(roomy.status).toBe(201);
  });

  it("lets exactly one of 20 concurrent bookings take the last place in a slot", async () => {
    const { flat } = await bookableServices();
    const { customer } = await createCustomer();
    const date = daysAhead(20);
    await existingVisit({ customerId: customer.id, serviceId: flat.id, date, time: "14:00", minutes: 60 });

    // Twenty visitors at twenty addresses, so the race is for the slot, not for the address limit.
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, visitor) =>
        rest("POST", "/bookings", {
          headers: fromAddress(`192.0.2.${visitor + 1}`),
          body: bookingRequest({ serviceId: flat.id, date, timeSlot: "14:00" }),
        }),
      ),
    );

    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const visits = await listVisits(await getDb(), { from: startOfBusinessDay(date), to: endOfBusinessDayExclusive(date) });
    expect(visits).toHaveLength(2);
  });
});

describe("GET /api/availability", () => {
  it("lists every slot from 9:00 to 17:00 with full ones not bookable", async () => {
    const { flat, perSqFt } = await bookableServices();
    const { customer } = await createCustomer();
    const date = daysAhead(6);
    await existingVisit({ customerId: customer.id, serviceId: flat.id, date, time: "12:00", minutes: 60 });
    await existingVisit({ customerId: customer.id, serviceId: flat.id, date, time: "12:00", minutes: 60, status: "pending" });

    const response = await rest("GET", `/availability?date=${date}&serviceId=${flat.id}`);

    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ date, serviceId: flat.id, capacity: 2 });
    const slots = response.json.slots as Array<{ time: string; label: string; available: boolean; full: boolean; startTime: string }>;
    expect(slots.map((slot) => slot.time)).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]);
    expect(slots.filter((slot) => !slot.available).map((slot) => slot.time)).toEqual(["12:00"]);
    expect(slots.find((slot) => slot.time === "12:00")).toMatchObject({ label: "12:00 PM", full: true });
    expect(slots[0]!.startTime).toBe(businessInstant(date, "09:00").toISOString());

    // A 90-minute service starting at 11:00 would run into the full 12:00 hour.
    const longer = await rest("GET", `/availability?date=${date}&serviceId=${perSqFt.id}`);
    const longerSlots = longer.json.slots as Array<{ time: string; available: boolean }>;
    expect(longerSlots.filter((slot) => !slot.available).map((slot) => slot.time)).toEqual(["11:00", "12:00"]);
  });

  it("offers nothing before tomorrow and explains bad queries", async () => {
    const { flat } = await bookableServices();
    const today = await rest("GET", `/availability?date=${daysAhead(0)}&serviceId=${flat.id}`);
    expect(today.status).toBe(200);
    expect((today.json.slots as Array<{ available: boolean }>).every((slot) => !slot.available)).toBe(true);

    const badDate = await rest("GET", `/availability?date=2030-13-01&serviceId=${flat.id}`);
    expect(badDate.status).toBe(400);
    expect(badDate.json.message).toBe("Please select a date");
    const badService = await rest("GET", `/availability?date=${daysAhead(5)}&serviceId=abc`);
    expect(badService.status).toBe(400);
    expect(badService.json.message).toBe("Please select a service");
    const unknownService = await rest("GET", `/availability?date=${daysAhead(5)}&serviceId=424242`);
    expect(unknownService.status).toBe(404);
    const [retired] = await (await getDb())
      .insert(services)
      .values({ name: "Withdrawn", price: 5000, duration: 60, isActive: false })
      .returning();
    const withdrawn = await rest("GET", `/availability?date=${daysAhead(5)}&serviceId=${retired!.id}`);
    expect(withdrawn.status).toBe(404);
    expect(withdrawn.json.message).toBe("That service does not exist.");
  });
});

describe("OpenAPI document", () => {
  it("describes the booking and availability operations", async () => {
    const { getOpenApiDocument } = await import("@/server/app/openapi");
    const document = getOpenApiDocument();
    const create = document.paths?.["/bookings"]?.post;
    expect(create?.security).toEqual([]);
    expect(create?.responses?.["201"]).toBeDefined();
    expect(create?.requestBody).toBeDefined();
    const availability = document.paths?.["/availability"]?.get;
    expect(availability?.responses?.["200"]).toBeDefined();
    expect((availability?.parameters ?? []).map((parameter) => ("name" in parameter ? parameter.name : ""))).toEqual(
      expect.arrayContaining(["date", "serviceId"]),
    );
    // The booking's serviceId: an integer or its decimal digits, both documented.
    const content = (
      create?.requestBody as { content: Record<string, { schema: { $ref?: string; properties?: Record<string, unknown> } }> }
    ).content;
    const bodySchema = content["application/json"]!.schema;
    const booking = (bodySchema.$ref ? document.components?.schemas?.[bodySchema.$ref.split("/").pop()!] : bodySchema) as {
      properties: Record<string, unknown>;
    };
    expect(booking.properties.serviceId).toMatchObject({
      anyOf: [
        { type: "integer", exclusiveMinimum: 0, maximum: 2_147_483_647 },
        { type: "string", pattern: "^[1-9][0-9]*$" },
      ],
    });
  });
});
