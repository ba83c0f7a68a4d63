import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { contactInquiries } from "@/server/db/schema";
import { LIMITS } from "@/server/auth/limits";
import { anonymousCaller, callerWith, createCustomer, fromAddress, rest } from "#test/support/helpers";
import { CONTACT_LIMIT_PER_IP, CONTACT_THANKS, CONTACT_TOO_MANY } from "./submit-inquiry";

const valid = { name: "Jane Doe", email: "jane.doe@example.com", phone: "512-555-0199", message: "Do you mow on Saturdays in 78704?" };
let sender = 0;
/** The valid message from someone new each time, so only the address limit is in play. */
const fromSomeoneNew = () => ({ ...valid, email: `writer.${sender++}@example.com` });

async function storedInquiry(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(contactInquiries).where(eq(contactInquiries.id, id));
  return row;
}

describe("contact.submit", () => {
  it("stores the inquiry as an open website inquiry", async () => {
    const caller = await anonymousCaller();
    const receipt = await caller.contact.submit({ ...valid, name: "  Jane Doe " });
    expect(receipt).toEqual({ success: true, id: expect.any(Number), message: CONTACT_THANKS });
    expect(await storedInquiry(receipt.id)).toMatchObject({
      name: "Jane Doe",
      email: valid.email,
      phone: valid.phone,
      message: valid.message,
      handledAt: null,
      customerId: null,
    });
  });

  it("keeps an empty phone as no phone", async () => {
    const receipt = await (await anonymousCaller()).contact.submit({ ...valid, phone: "" });
    expect((await storedInquiry(receipt.id))?.phone).toBeNull();
  });

  it("links the inquiry to the customer who owns the email, whatever its case", async () => {
    const { customer } = await createCustomer({ email: "known.customer@example.com" });
    const receipt = await (await anonymousCaller()).contact.submit({ ...valid, email: "Known.Customer@Example.com" });
    expect((await storedInquiry(receipt.id))?.customerId).toBe(customer.id);
  });

  it("refuses an address that keeps sending, and stores nothing more", async () => {
    const caller = await callerWith(fromAddress("192.0.2.77"));
    for (let sent = 0; sent < CONTACT_LIMIT_PER_IP; sent += 1) await caller.contact.submit(fromSomeoneNew());
    await expect(caller.contact.submit(fromSomeoneNew())).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: CONTACT_TOO_MANY });
    const db = await getDb();
    expect(await db.$count(contactInquiries)).toBeGreaterThanOrEqual(CONTACT_LIMIT_PER_IP);
    const other = await callerWith(fromAddress("192.0.2.78"));
    await expect(other.contact.submit(fromSomeoneNew())).resolves.toMatchObject({ success: true });
  });

  it("refuses one email that keeps writing from many addresses", async () => {
    const email = "persistent.writer@example.com";
    for (let sent = 0; sent < LIMITS.contactPerEmail.limit; sent += 1) {
      await (await callerWith(fromAddress(`192.0.2.${100 + sent}`))).contact.submit({ ...valid, email });
    }
    const elsewhere = await callerWith(fromAddress("192.0.2.150"));
    await expect(elsewhere.contact.submit({ ...valid, email: "Persistent.Writer@example.com" })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
  });
});

describe("POST /api/contact", () => {
  it("answers 201 and stores the message", async () => {
    const response = await rest("POST", "/contact", {
      body: { name: "Sam Ortiz", email: "sam@example.com", message: "Please quote a yard cleanup." },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ success: true, message: CONTACT_THANKS });
    expect(await storedInquiry(Number(response.json.id))).toMatchObject({ name: "Sam Ortiz", phone: null });
  });

  it.each([
    ["name", { ...valid, name: "J" }, "Name must be at least 2 characters"],
    ["name", { email: valid.email, message: valid.message }, "Name must be at least 2 characters"],
    ["email", { ...valid, email: "jane@" }, "Please enter a valid email address"],
    ["message", { ...valid, message: "Hi there" }, "Message must be at least 10 characters"],
  ])("answers 400 naming a bad %s in the spec's words", async (field, body, message) => {
    const before = await (await getDb()).$count(contactInquiries);
    const response = await rest("POST", "/contact", { body });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: "BAD_REQUEST", message });
    expect(response.json.issues).toEqual([expect.objectContaining({ path: [field], message })]);
    expect(await (await getDb()).$count(contactInquiries)).toBe(before);
  });

  it("answers 429 with Retry-After once an address has sent too many", async () => {
    const headers = fromAddress("198.51.100.200");
    for (let sent = 0; sent < CONTACT_LIMIT_PER_IP; sent += 1) {
      expect((await rest("POST", "/contact", { body: fromSomeoneNew(), headers })).status).toBe(201);
    }
    const refused = await rest("POST", "/contact", { body: fromSomeoneNew(), headers });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(CONTACT_TOO_MANY);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
