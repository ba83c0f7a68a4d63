import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { contactInquiries, customers } from "@/server/db/schema";
import { createCustomer, rest, staffCookie } from "#test/support/helpers";

async function inquiry(values: Partial<typeof contactInquiries.$inferInsert> = {}) {
  const [row] = await (await getDb())
    .insert(contactInquiries)
    .values({
      name: "Morgan Hale",
      email: `morgan.${Date.now()}.${Math.random()}@example.com`,
      phone: "5125550123",
      message: "Do you service 78704? I need weekly mowing.",
      ...values,
    })
    .returning();
  return row!;
}

describe("website inquiries", () => {
  it("lists open inquiries, marks one handled and can open it again", async () => {
    const cookie = await staffCookie();
    const open = await inquiry();
    const list = await rest("GET", "/inquiries", { headers: { cookie } });
    expect((list.json as unknown as Array<{ id: number }>).map((entry) => entry.id)).toContain(open.id);

    const handled = await rest("PATCH", `/inquiries/${open.id}/handled`, { body: { handled: true }, headers: { cookie } });
    expect(handled.json).toMatchObject({ id: open.id, handledAt: expect.any(String) });
    const openNow = await rest("GET", "/inquiries?status=open", { headers: { cookie } });
    expect((openNow.json as unknown as Array<{ id: number }>).map((entry) => entry.id)).not.toContain(open.id);
    const handledList = await rest("GET", "/inquiries?status=handled", { headers: { cookie } });
    expect((handledList.json as unknown as Array<{ id: number }>).map((entry) => entry.id)).toContain(open.id);

    const reopened = await rest("PATCH", `/inquiries/${open.id}/handled`, { body: { handled: false }, headers: { cookie } });
    expect(reopened.json.handledAt).toBeNull();
    expect((await rest("PATCH", "/inquiries/999999/handled", { body: {}, headers: { cookie } })).status).toBe(404);
    expect((await rest("GET", "/inquiries")).status).toBe(401);
  });

  it("turns an inquiry into a customer in one call, or links the customer who has that email", async () => {
    const cookie = await staffCookie();
    const fresh = await inquiry({ email: `New.Person.${Date.now()}@Example.com` });
    const converted = await rest("POST", `/inquiries/${fresh.id}/customer`, { body: {}, headers: { cookie } });
    expect(converted.status).toBe(200);
    expect(converted.json).toMatchObject({ created: true, customerId: expect.any(Number) });
    const [customer] = await (await getDb())
      .select()
      .from(customers)
      .where(eq(customers.id, converted.json.customerId as number));
    expect(customer).toMatchObject({ fullName: "Morgan Hale", email: fresh.email.toLowerCase(), phone: "5125550123", passwordHash: null });
    const [linked] = await (await getDb()).select().from(contactInquiries).where(eq(contactInquiries.id, fresh.id));
    expect(linked).toMatchObject({ customerId: customer!.id, handledAt: expect.any(Date) });

    const { customer: known } = await createCustomer({ fullName: "Known Name" });
    const repeat = await inquiry({ email: known.email.toUpperCase(), name: "Different Name" });
    const again = await rest("POST", `/inquiries/${repeat.id}/customer`, { body: {}, headers: { cookie } });
    expect(again.json).toEqual({ created: false, customerId: known.id, messageId: null });
    const [unchanged] = await (await getDb()).select().from(customers).where(eq(customers.id, known.id));
    expect(unchanged?.fullName).toBe("Known Name");
  });
});
