import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { messages } from "@/server/db/schema";
import { anonymousCaller, createCustomer, customerCaller, rest, staffCaller, staffCookie } from "#test/support/helpers";

describe("messages.unread (GET /api/messages/unread)", () => {
  it("lists unread customer messages only, newest first, with the customer's name", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ fullName: "Rosa Diaz" });
    await db.insert(messages).values([
      { customerId: customer.id, content: "Older question", senderType: "customer", timestamp: new Date("2030-01-01T15:00:00Z") },
      { customerId: customer.id, content: "Newer question", senderType: "customer", timestamp: new Date("2030-01-02T15:00:00Z") },
      { customerId: customer.id, content: "Already read", senderType: "customer", read: true },
      { customerId: customer.id, content: "Staff reply", senderType: "user" },
    ]);
    const unread = await (await staffCaller()).messages.unread({});
    expect(unread.map((message) => message.content)).toEqual(["Newer question", "Older question"]);
    expect(unread[0]).toMatchObject({ customerId: customer.id, customer: { fullName: "Rosa Diaz" } });

    const response = await rest("GET", "/messages/unread", { headers: { cookie: await staffCookie() } });
    expect(response.status).toBe(200);
    expect(response.json).toHaveLength(2);
  });

  it("counts the same messages the list holds, without sending them (GET /api/messages/unread/count)", async () => {
    const db = await getDb();
    const { customer } = await createCustomer({ fullName: "Count Only" });
    const before = await (await staffCaller()).messages.unreadCount({});
    await db.insert(messages).values([
      { customerId: customer.id, content: "First", senderType: "customer" },
      { customerId: customer.id, content: "Second", senderType: "customer" },
      { customerId: customer.id, content: "Seen", senderType: "customer", read: true },
      { customerId: customer.id, content: "Our reply", senderType: "user" },
    ]);
    const after = await (await staffCaller()).messages.unreadCount({});
    expect(after.count).toBe(before.count + 2);
    expect(after.count).toBe((await (await staffCaller()).messages.unread({})).length);

    const response = await rest("GET", "/messages/unread/count", { headers: { cookie: await staffCookie() } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ count: after.count });
  });

  it("refuses anonymous and customer sessions", async () => {
    await expect((await anonymousCaller()).messages.unreadCount({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect((await rest("GET", "/messages/unread/count")).status).toBe(401);
    await expect((await anonymousCaller()).messages.unread({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect((await customerCaller()).messages.unread({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect((await rest("GET", "/messages/unread")).status).toBe(401);
  });
});
