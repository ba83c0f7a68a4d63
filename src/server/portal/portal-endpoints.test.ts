import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { messages, schedules, visits } from "@/server/db/schema";
import { businessDateOf } from "@/lib/business-time";
import { createCustomer, customerCookie, rest, seedServices, staffCookie } from "#test/support/helpers";
import { insertMessage, insertPayment, insertVisit } from "#test/fixtures/portal-data";
import { EMAIL_IN_USE } from "./profile";
import { TOO_LATE_TO_CANCEL } from "@/server/self-service/appointments";

/** A verified portal customer with a session, plus a second customer whose records must stay out of reach. */
async function twoCustomers() {
  const { customer: me } = await createCustomer({ password: "mine-123", fullName: "Morgan Owner" });
  const { customer: other } = await createCustomer({ password: "theirs-1", fullName: "Nosy Neighbour" });
  return { me, other, headers: { cookie: await customerCookie(me.id) } };
}

const profileBody = {
  fullName: "Morgan Owner",
  email: "morgan.owner@example.com",
  phone: "(512) 555-0123",
  address: "77 Lamar Blvd",
  city: "Austin",
  state: "TX",
  zipCode: "78703",
};

describe("customer procedures need a customer session", () => {
  it("answers 401 without one", async () => {
    for (const [method, path] of [
      ["GET", "/customer/profile"],
      ["GET", "/customer/appointments"],
      ["GET", "/customer/messages"],
      ["GET", "/customer/payments"],
    ]) {
      const response = await rest(method!, path!);
      expect(response.status, path).toBe(401);
    }
  });
});

describe("profile", () => {
  it("saves with the register rules and shows what was saved", async () => {
    const { headers } = await twoCustomers();
    const saved = await rest("PUT", "/customer/profile", { headers, body: { ...profileBody, email: " Morgan.Owner@Example.com " } });
    expect(saved.status).toBe(200);
    // A new address is unproven until the link sent to it is used (docs/product-rules.md#who-owns-a-visit).
    expect(saved.json).toMatchObject({ ...profileBody, isVerified: false });
    expect((await rest("GET", "/customer/profile", { headers })).json).toMatchObject(profileBody);
  });

  it("refuses a short phone, a missing city and a short ZIP with the spec's messages", async () => {
    const { headers } = await twoCustomers();
    expect((await rest("PUT", "/customer/profile", { headers, body: { ...profileBody, phone: "555" } })).json.message).toBe(
      "Valid phone number is required",
    );
    expect((await rest("PUT", "/customer/profile", { headers, body: { ...profileBody, city: "  " } })).json.message).toBe(
      "City is required",
    );
    const zip = await rest("PUT", "/customer/profile", { headers, body: { ...profileBody, zipCode: "787" } });
    expect(zip.status).toBe(400);
    expect(zip.json.message).toBe("Valid zip code is required");
  });

  it("refuses another customer's email with 409, whatever its case", async () => {
    const { headers, other } = await twoCustomers();
    const taken = await rest("PUT", "/customer/profile", { headers, body: { ...profileBody, email: other.email.toUpperCase() } });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(EMAIL_IN_USE);
  });
});

describe("appointments", () => {
  it("lists upcoming and past visits with a recurring series expanded", async () => {
    const [service] = await seedServices();
    const { me, other, headers } = await twoCustomers();
    await insertVisit(me.id, -48, { serviceId: service!.id });
    await insertVisit(me.id, 30, { serviceId: service!.id, recurring: true });
    await insertVisit(other.id, 50);
    const response = await rest("GET", "/customer/appointments", { headers });
    const body = response.json as unknown as {
      upcoming: Array<{ visitId: string; serviceName: string; canCancel: boolean }>;
      past: unknown[];
    };
    expect(body.past).toHaveLength(1);
    expect(body.upcoming.length).toBeGreaterThanOrEqual(20);
    expect(body.upcoming[0]).toMatchObject({ serviceName: service!.name, canCancel: true });
    expect(body.upcoming[1]!.visitId).toMatch(/^\d+$/);
  });

  it("lists a visit done before its start time as past, and one called off where it falls, marked", async () => {
    const { me, headers } = await twoCustomers();
    const done = await insertVisit(me.id, 3);
    const cancelled = await insertVisit(me.id, 30);
    const ahead = await insertVisit(me.id, 50);
    const staff = { cookie: await staffCookie() };
    for (const [visit, status] of [
      [done, "completed"],
      [cancelled, "cancelled"],
    ] as const) {
      const changed = await rest("PATCH", `/schedules/visits/${visit.id}/status`, { headers: staff, body: { status } });
      expect(changed.status).toBe(200);
    }
    const body = (await rest("GET", "/customer/appointments", { headers })).json as unknown as {
      upcoming: Array<{ visitId: string; status: string }>;
      past: Array<{ visitId: string; status: string }>;
    };
    expect(body.upcoming.map((visit) => [visit.visitId, visit.status])).toEqual([
      [String(cancelled.id), "cancelled"],
      [String(ahead.id), "pending"],
    ]);
    expect(body.past.map((visit) => [visit.visitId, visit.status])).toEqual([[String(done.id), "completed"]]);
  });

  it("cancels a visit more than 24 hours ahead", async () => {
    const { me, headers } = await twoCustomers();
    const visit = await insertVisit(me.id, 25);
    const cancelled = await rest("POST", `/customer/appointments/${visit.id}/cancel`, { headers, body: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: "cancelled", canCancel: false });
    const [row] = await (await getDb()).select().from(schedules).where(eq(schedules.id, visit.id));
    expect(row!.status).toBe("cancelled");
    const twice = await rest("POST", `/customer/appointments/${visit.id}/cancel`, { headers, body: {} });
    expect(twice.status).toBe(409);
  });

  it("cancels one visit of a series and leaves the others", async () => {
    const { me, headers } = await twoCustomers();
    const series = await insertVisit(me.id, 48, { recurring: true });
    const visitId = `${series.id}-${businessDateOf(series.startTime)}`;
    expect((await rest("POST", `/customer/appointments/${visitId}/cancel`, { headers, body: {} })).status).toBe(200);
    const changes = await (await getDb()).select().from(visits).where(eq(visits.scheduleId, series.id));
    expect(changes.filter((visit) => visit.status === "cancelled")).toMatchObject([
      { changed: true, occurrenceDate: businessDateOf(series.startTime) },
    ]);
    expect(changes.filter((visit) => visit.status !== "cancelled").length).toBeGreaterThan(40);
    const [row] = await (await getDb()).select().from(schedules).where(eq(schedules.id, series.id));
    expect(row!.status).toBe("pending");
  });

  it("refuses a visit less than 24 hours ahead with a message to call", async () => {
    const { me, headers } = await twoCustomers();
    const visit = await insertVisit(me.id, 23);
    const refused = await rest("POST", `/customer/appointments/${visit.id}/cancel`, { headers, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(TOO_LATE_TO_CANCEL);
    expect(refused.json.message).toContain("(512) 555-0142");
  });

  it("answers 404 for another customer's visit and leaves it alone", async () => {
    const { other, headers } = await twoCustomers();
    const theirs = await insertVisit(other.id, 72);
    const response = await rest("POST", `/customer/appointments/${theirs.id}/cancel`, { headers, body: {} });
    expect(response.status).toBe(404);
    expect(response.json.message).toBe("Appointment not found");
    const [row] = await (await getDb()).select().from(schedules).where(eq(schedules.id, theirs.id));
    expect(row!.status).toBe("pending");
  });
});

describe("messages", () => {
  it("sends a message that is unread for staff and shows staff replies", async () => {
    const { me, other, headers } = await twoCustomers();
    await insertMessage(me.id, "We will be there at 9.", "user");
    await insertMessage(other.id, "Someone else's conversation", "customer");
    const sent = await rest("POST", "/customer/messages", { headers, body: { content: "  Thanks, see you then!  " } });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ content: "Thanks, see you then!", senderType: "customer", read: false });
    const [stored] = await (await getDb())
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, me.id), eq(messages.senderType, "customer")));
    expect(stored).toMatchObject({ read: false, userId: null });
    const conversation = (await rest("GET", "/customer/messages", { headers })).json as unknown as Array<{
      content: string;
      senderType: string;
    }>;
    expect(conversation.map((m) => [m.senderType, m.content])).toEqual([
      ["user", "We will be there at 9."],
      ["customer", "Thanks, see you then!"],
    ]);
  });

  it("refuses blank text", async () => {
    const { headers } = await twoCustomers();
    const blank = await rest("POST", "/customer/messages", { headers, body: { content: "   \n " } });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe("Message cannot be empty");
  });

  it("marks a staff reply as seen, and answers 404 for another customer's message", async () => {
    const { me, other, headers } = await twoCustomers();
    const reply = await insertMessage(me.id, "Your visit is confirmed.", "user");
    expect((await rest("PATCH", `/customer/messages/${reply.id}/read`, { headers, body: {} })).json).toEqual({ id: reply.id, read: true });
    const theirs = await insertMessage(other.id, "Private", "user");
    const response = await rest("PATCH", `/customer/messages/${theirs.id}/read`, { headers, body: {} });
    expect(response.status).toBe(404);
    const [row] = await (await getDb()).select().from(messages).where(eq(messages.id, theirs.id));
    expect(row!.read).toBe(false);
  });
});

describe("payments", () => {
  it("lists only the customer's own payments, and answers 404 for another customer's", async () => {
    const { me, other, headers } = await twoCustomers();
    const mine = await insertPayment(me.id, 5500);
    const theirs = await insertPayment(other.id, 9900);
    const list = (await rest("GET", "/customer/payments", { headers })).json as unknown as Array<{ id: number }>;
    expect(list.map((payment) => payment.id)).toEqual([mine.id]);
    expect((await rest("GET", `/customer/payments/${mine.id}`, { headers })).json).toMatchObject({ amount: 5500, status: "pending" });
    const response = await rest("GET", `/customer/payments/${theirs.id}`, { headers });
    expect(response.status).toBe(404);
    expect(response.json.message).toBe("Payment not found");
  });
});
