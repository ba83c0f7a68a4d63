import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { messages } from "@/server/db/schema";
import { createCustomer, createStaffUser, customerCookie, rest, staffCookie } from "#test/support/helpers";

type MessageJson = {
  id: number;
  content: string;
  read: boolean;
  senderType: string;
  userId: number | null;
  customer: { fullName: string };
};
type ConversationJson = { customerId: number; unreadCount: number; lastMessage: string | null };

async function customerWrites(customerId: number, content: string, at: Date) {
  const [message] = await (await getDb())
    .insert(messages)
    .values({ customerId, content, senderType: "customer", timestamp: at })
    .returning();
  return message!;
}

describe("staff messages", () => {
  it("sends as 'user' with the author, lists the conversation oldest first, refuses blank text", async () => {
    const { user } = await createStaffUser();
    const cookie = await staffCookie(user.id);
    const { customer } = await createCustomer({ fullName: "Riley Park" });
    await customerWrites(customer.id, "Can you come Tuesday?", new Date(Date.now() - 60_000));

    const sent = await rest("POST", "/messages", {
      body: { customerId: customer.id, content: "  Yes, 9am works.\nSee you then.  ", senderType: "user" },
      headers: { cookie },
    });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({
      content: "Yes, 9am works.\nSee you then.",
      senderType: "user",
      userId: user.id,
      customer: { fullName: "Riley Park" },
    });

    const conversation = await rest("GET", `/messages?customerId=${customer.id}`, { headers: { cookie } });
    expect((conversation.json as unknown as MessageJson[]).map((message) => message.content)).toEqual([
      "Can you come Tuesday?",
      "Yes, 9am works.\nSee you then.",
    ]);

    const blank = await rest("POST", "/messages", {
      body: { customerId: customer.id, content: "   \n ", senderType: "user" },
      headers: { cookie },
    });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe("Message cannot be empty");
    const asCustomer = await rest("POST", "/messages", {
      body: { customerId: customer.id, content: "hi", senderType: "customer" },
      headers: { cookie },
    });
    expect(asCustomer.status).toBe(400);
    expect((await rest("POST", "/messages", { body: { customerId: 999999, content: "hi" }, headers: { cookie } })).status).toBe(404);
    expect((await rest("GET", `/messages?customerId=${customer.id}`, { headers: { cookie: await customerCookie() } })).status).toBe(401);
  });

  it("counts unread customer messages per conversation and clears them as each is marked read", async () => {
    const cookie = await staffCookie();
    const { customer } = await createCustomer({ fullName: "Sam Ortiz" });
    const first = await customerWrites(customer.id, "Hello", new Date(Date.now() - 120_000));
    const second = await customerWrites(customer.id, "Are you there?", new Date(Date.now() - 60_000));
    await rest("POST", "/messages", { body: { customerId: customer.id, content: "Here!" }, headers: { cookie } });

    const conversationOf = async () =>
      ((await rest("GET", "/messages/conversations", { headers: { cookie } })).json as unknown as ConversationJson[]).find(
        (entry) => entry.customerId === customer.id,
      );
    const unreadIds = async () =>
      ((await rest("GET", "/messages/unread", { headers: { cookie } })).json as unknown as MessageJson[]).map((message) => message.id);

    expect(await conversationOf()).toMatchObject({ unreadCount: 2, lastMessage: "Here!" });
    expect(await unreadIds()).toEqual(expect.arrayContaining([first.id, second.id]));

    const marked = await rest("PATCH", `/messages/${first.id}/read`, { headers: { cookie } });
    expect(marked.status).toBe(200);
    expect(marked.json).toMatchObject({ id: first.id, read: true });
    expect(await conversationOf()).toMatchObject({ unreadCount: 1 });

    await rest("PATCH", `/messages/${second.id}/read`, { headers: { cookie } });
    await rest("PATCH", `/messages/${second.id}/read`, { headers: { cookie } });
    expect(await conversationOf()).toMatchObject({ unreadCount: 0 });
    expect(await unreadIds()).not.toContain(first.id);
    expect(await unreadIds()).not.toContain(second.id);

    const stats = await rest("GET", "/dashboard-stats", { headers: { cookie } });
    expect(stats.status).toBe(200);
    expect((await rest("PATCH", "/messages/999999/read", { headers: { cookie } })).status).toBe(404);
  });

  it("lists customers without messages after those with the latest conversations", async () => {
    const cookie = await staffCookie();
    const quiet = await createCustomer({ fullName: "Aaron Quiet" });
    const { customer: talker } = await createCustomer({ fullName: "Zed Talker" });
    await customerWrites(talker.id, "Ping", new Date());
    const list = (await rest("GET", "/messages/conversations", { headers: { cookie } })).json as unknown as ConversationJson[];
    const ids = list.map((entry) => entry.customerId);
    expect(ids.indexOf(talker.id)).toBeLessThan(ids.indexOf(quiet.customer.id));
    expect(list.find((entry) => entry.customerId === quiet.customer.id)).toMatchObject({ unreadCount: 0, lastMessage: null });
  });
});
