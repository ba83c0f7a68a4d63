import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessInstant } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { createPlanVisits } from "@/server/schedules/plan-visits";
import { customers, messages, payments, schedules } from "@/server/db/schema";
import { anonymousCaller, createCustomer, customerCaller, rest, staffCaller, staffCookie } from "#test/support/helpers";

const form = { fullName: "Lena Park", email: "Lena.Park@Example.com", phone: "5125550111", address: "42 Elm Street", notes: "Dog in yard" };

describe("customers API", () => {
  it("refuses anonymous and customer sessions", async () => {
    for (const caller of [await anonymousCaller(), await customerCaller()]) {
      await expect(caller.customers.list({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(caller.customers.get({ id: 1 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(caller.customers.create(form)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(caller.customers.update({ id: 1, ...form })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(caller.customers.delete({ id: 1 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    }
    expect((await rest("DELETE", "/customers/1")).status).toBe(401);
  });

  it("creates, reads, updates over REST at the spec's paths, without the password hash", async () => {
    const cookie = await staffCookie();
    const created = await rest("POST", "/customers", { headers: { cookie }, body: form });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ fullName: "Lena Park", email: "lena.park@example.com", hasPortalAccount: false });
    expect(created.json).not.toHaveProperty("passwordHash");

    const duplicate = await rest("POST", "/customers", { headers: { cookie }, body: { ...form, email: "LENA.park@example.com" } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.message).toBe("A customer with this email already exists");

    const updated = await rest("PUT", `/customers/${created.json.id}`, { headers: { cookie }, body: { ...form, phone: "", notes: "" } });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ phone: null, notes: null });
    expect((await rest("GET", `/customers/${created.json.id}`, { headers: { cookie } })).json.fullName).toBe("Lena Park");
    expect((await rest("GET", "/customers/999999", { headers: { cookie } })).status).toBe(404);
  });

  it("validates with the spec's messages", async () => {
    const cookie = await staffCookie();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...form, fullName: "L" }, "Full name is required"],
      [{ ...form, email: "not-an-email" }, "Invalid email address"],
      [{ ...form, address: "1 A" }, "Address is required"],
    ];
    for (const [body, message] of cases) {
      const response = await rest("POST", "/customers", { headers: { cookie }, body });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(message);
    }
  });

  it("keeps a customer with payment history (409) and removes one without, with schedules and messages", async () => {
    const db = await getDb();
    const staff = await staffCaller();
    const paid = (await createCustomer()).customer;
    await db.insert(payments).values({ customerId: paid.id, amount: 3500, status: "completed" });
    const refused = await rest("DELETE", `/customers/${paid.id}`, { headers: { cookie: await staffCookie() } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      "This customer has payment history and cannot be deleted. Payment records must be kept for the books.",
    );

    const unpaid = (await createCustomer()).customer;
    const start = businessInstant("2031-05-05", "09:00");
    const [plan] = await db
      .insert(schedules)
      .values({ customerId: unpaid.id, date: start, startTime: start, endTime: new Date(start.getTime() + 3_600_000), totalPrice: 100 })
      .returning();
    await createPlanVisits(db, plan!, "staff");
    await db.insert(messages).values({ customerId: unpaid.id, content: "Hello", senderType: "customer" });
    expect(await staff.customers.delete({ id: unpaid.id })).toMatchObject({ success: true });
    expect(await db.select().from(customers).where(eq(customers.id, unpaid.id))).toHaveLength(0);
    expect(await db.select().from(schedules).where(eq(schedules.customerId, unpaid.id))).toHaveLength(0);
    expect(await db.select().from(messages).where(eq(messages.customerId, unpaid.id))).toHaveLength(0);
    await expect(staff.customers.delete({ id: unpaid.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
