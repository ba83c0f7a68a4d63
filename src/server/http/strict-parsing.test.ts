import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { contactInquiries, payments } from "@/server/db/schema";
import { createCustomer, customerCookie, rest, staffCookie } from "#test/support/helpers";
import { readParameter } from "./rest-routes";

// Integrations get exactly what the document says: ids are decimal digits, booleans are
// true/false, numbers in bodies are JSON numbers. Anything else is a 400 naming the field.

describe("reading path and query values", () => {
  it.each([
    ["31", 31],
    ["0", 0],
    ["-4", -4],
    ["0x1F", "0x1F"],
    ["1e3", "1e3"],
    ["+7", "+7"],
    [" 7", " 7"],
    ["7 ", "7 "],
    ["007", "007"],
    ["7.0", "7.0"],
    ["", ""],
    ["Infinity", "Infinity"],
  ])("integer %j reads as %j", (text, value) => {
    expect(readParameter(text, "integer")).toBe(value);
  });

  it.each([
    ["true", true],
    ["false", false],
    ["0", "0"],
    ["1", "1"],
    ["False", "False"],
    ["yes", "yes"],
    ["", ""],
  ])("boolean %j reads as %j", (text, value) => {
    expect(readParameter(text, "boolean")).toBe(value);
  });

  it("leaves text as text", () => {
    expect(readParameter("12", "string")).toBe("12");
  });
});

describe("strict input over REST", () => {
  it.each(["0x1F", "1e1", "+31", "%2031", "031", "31.0", "-31", "0", "2147483648", "99999999999999999999"])(
    "refuses the customer id %j with 400 naming the id, never another record",
    async (id) => {
      const cookie = await staffCookie();
      const { customer } = await createCustomer();
      expect(customer.id).toBeLessThan(31);
      const response = await rest("GET", `/customers/${id}`, { headers: { cookie } });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        message: "Customer not found",
        code: "BAD_REQUEST",
        issues: [{ path: ["id"], message: "Customer not found" }],
      });
    },
  );

  it("names the customer, not a schedule, for a bad customer id in a query", async () => {
    const cookie = await staffCookie();
    const response = await rest("GET", "/schedules?startDate=2031-01-01&endDate=2031-01-07&customerId=0x1F", { headers: { cookie } });
    expect(response.status).toBe(400);
    expect(response.json.issues).toEqual([{ path: ["customerId"], message: "Customer not found" }]);
  });

  it("answers a bad payment id the same way for staff and for the portal", async () => {
    const { customer } = await createCustomer({ password: "customer-pass" });
    const staff = await rest("GET", "/payments/0x1", { headers: { cookie: await staffCookie() } });
    const portal = await rest("GET", "/customer/payments/0x1", { headers: { cookie: await customerCookie(customer.id) } });
    expect(staff.status).toBe(400);
    expect(portal.status).toBe(400);
    expect(staff.json).toEqual(portal.json);
    expect(staff.json.message).toBe("Payment not found");
  });

  it.each(['"false"', '"0"', '"true"', "0", "1", "null", '"no"'])("refuses handled = %s and leaves the inquiry open", async (value) => {
    const db = await getDb();
    const [inquiry] = await db
      .insert(contactInquiries)
      .values({ name: "Pat", email: "pat@example.com", message: "Hello there" })
      .returning();
    const response = await rest("PATCH", `/inquiries/${inquiry!.id}/handled`, {
      rawBody: `{"handled":${value}}`,
      headers: { cookie: await staffCookie(), "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.json.issues).toEqual([{ path: ["handled"], message: "handled must be true or false" }]);
    const [stored] = await db.select().from(contactInquiries).where(eq(contactInquiries.id, inquiry!.id));
    expect(stored?.handledAt ?? null).toBeNull();
  });

  it("takes handled as a JSON boolean", async () => {
    const db = await getDb();
    const [inquiry] = await db
      .insert(contactInquiries)
      .values({ name: "Pat", email: "pat@example.com", message: "Hello there" })
      .returning();
    const cookie = await staffCookie();
    const handled = await rest("PATCH", `/inquiries/${inquiry!.id}/handled`, { body: { handled: false }, headers: { cookie } });
    expect(handled.status).toBe(200);
    expect(handled.json).toMatchObject({ id: inquiry!.id });
  });

  it.each([
    ["customerId", "12"],
    ["customerId", "0x0C"],
    ["amount", "4200"],
    ["amount", "4.2e3"],
  ])("refuses %s sent as the string %j in a JSON body, and stores nothing", async (field, value) => {
    const { customer } = await createCustomer();
    const body = { customerId: customer.id, amount: 4200, [field]: value };
    const response = await rest("POST", "/payments", { body, headers: { cookie: await staffCookie() } });
    expect(response.status).toBe(400);
    expect((response.json.issues as Array<{ path: string[] }>)[0]?.path).toEqual([field]);
    expect(await (await getDb()).select().from(payments).where(eq(payments.customerId, customer.id))).toEqual([]);
  });

  it("refuses a query value given twice rather than picking one", async () => {
    const response = await rest("GET", "/payments?customerId=1&customerId=2", { headers: { cookie: await staffCookie() } });
    expect(response.status).toBe(400);
    expect((response.json.issues as Array<{ path: string[] }>)[0]?.path).toEqual(["customerId"]);
  });

  it("answers 405 with Allow for a known path and another method", async () => {
    const response = await rest("PATCH", "/services", { body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
    expect(response.json).toMatchObject({ code: "METHOD_NOT_SUPPORTED" });
  });

  it("refuses a JSON body that is not an object", async () => {
    for (const rawBody of ["[]", "null", "42", '"text"']) {
      const response = await rest("POST", "/contact", { rawBody, headers: { "content-type": "application/json" } });
      expect(response.status, rawBody).toBe(400);
      expect(response.json).toEqual({ message: "The request body must be a JSON object.", code: "BAD_REQUEST" });
    }
  });
});
