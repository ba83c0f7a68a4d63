import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { contactInquiries, customers, inboundTexts, messages } from "@/server/db/schema";
import { createCustomer, rest, staffCookie } from "#test/support/helpers";
import { sendQueuedTextsTo, textIn, useTwilioStandIn } from "#test/support/twilio";
import { TEXT_INQUIRY_NEEDS_CUSTOMER } from "./inquiries";

const twilio = await useTwilioStandIn();
let cookie: string;
let numbers = 0;

beforeAll(async () => {
  cookie = await staffCookie();
});

/** A text from a number no customer has; answers the number, the text's sid and its inquiry. */
async function textFromStranger(body = "Do you aerate lawns?") {
  const number = `+1737555${String(6000 + numbers++)}`;
  const { sid } = await textIn(twilio, number, body);
  const [inquiry] = await (await getDb()).select().from(contactInquiries).where(eq(contactInquiries.phone, number));
  return { number, sid, inquiry: inquiry! };
}

function attach(inquiryId: number, body: Record<string, unknown> = {}) {
  return rest("POST", `/inquiries/${inquiryId}/customer`, { body, headers: { cookie } });
}

async function conversationOf(customerId: number) {
  return (await getDb()).select().from(messages).where(eq(messages.customerId, customerId));
}

describe("a text inquiry", () => {
  it("is listed with its source", async () => {
    const { inquiry } = await textFromStranger();
    const list = await rest("GET", "/inquiries", { headers: { cookie } });
    expect(list.json as unknown as unknown[]).toContainEqual(
      expect.objectContaining({ id: inquiry.id, source: "text", email: "", name: inquiry.name }),
    );
  });

  it("attached to a customer, moves its text into their conversation; their replies and later texts follow", async () => {
    const { number, sid, inquiry } = await textFromStranger("Can you come Friday?");
    const { customer } = await createCustomer({ phone: "5125550188", fullName: "Dana Attached" });

    const attached = await attach(inquiry.id, { customerId: customer.id });
    expect(attached.status).toBe(200);
    expect(attached.json).toEqual({ customerId: customer.id, created: false, messageId: expect.any(Number) });
    expect(await conversationOf(customer.id)).toEqual([
      expect.objectContaining({
        id: attached.json.messageId,
        content: "Can you come Friday?",
        senderType: "customer",
        channel: "text",
        read: true,
        timestamp: inquiry.createdAt,
        customerEmail: customer.email,
      }),
    ]);
    const [stored] = await (await getDb()).select().from(contactInquiries).where(eq(contactInquiries.id, inquiry.id));
    expect(stored).toMatchObject({ customerId: customer.id, handledAt: expect.any(Date) });
    const [inbound] = await (await getDb()).select().from(inboundTexts).where(eq(inboundTexts.providerSid, sid));
    expect(inbound).toMatchObject({ customerId: customer.id, messageId: attached.json.messageId });

    // Attaching again to the same customer adds nothing.
    expect((await attach(inquiry.id, { customerId: customer.id })).json.messageId).toBe(attached.json.messageId);
    expect(await conversationOf(customer.id)).toHaveLength(1);

    // The reply goes by text to the number the customer wrote from, though their phone is another.
    const reply = await rest("POST", "/messages", { body: { customerId: customer.id, content: "Friday works." }, headers: { cookie } });
    expect(reply.json).toMatchObject({ channel: "text", delivery: { status: "queued" } });
    await sendQueuedTextsTo(number);
    expect(twilio.sent.filter((text) => text.to === number).map((text) => text.body)).toEqual(["Friday works."]);

    // The next text from the number joins the conversation instead of making another inquiry.
    await textIn(twilio, number, "Great, thanks");
    expect((await conversationOf(customer.id)).map((message) => message.content)).toEqual([
      "Can you come Friday?",
      "Friday works.",
      "Great, thanks",
    ]);
    expect(await (await getDb()).select().from(contactInquiries).where(eq(contactInquiries.phone, number))).toHaveLength(1);

    // STOP from that number stops texts to the customer it belongs to now.
    await textIn(twilio, number, "STOP");
    const [stopped] = await (await getDb()).select().from(customers).where(eq(customers.id, customer.id));
    expect(stopped?.textsStoppedAt).toBeInstanceOf(Date);
  });

  it("attached to someone else later, takes its message along", async () => {
    const { inquiry } = await textFromStranger("Wrong person?");
    const { customer: first } = await createCustomer({ phone: "5125550177" });
    const { customer: second } = await createCustomer({ phone: "5125550166" });
    const once = await attach(inquiry.id, { customerId: first.id });
    const moved = await attach(inquiry.id, { customerId: second.id });
    expect(moved.json).toEqual({ customerId: second.id, created: false, messageId: once.json.messageId });
    expect(await conversationOf(first.id)).toEqual([]);
    expect(await conversationOf(second.id)).toEqual([expect.objectContaining({ content: "Wrong person?", customerEmail: second.email })]);
  });

  it("cannot be made a customer of its own: it has no name or email", async () => {
    const { inquiry } = await textFromStranger();
    const response = await attach(inquiry.id);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      message: TEXT_INQUIRY_NEEDS_CUSTOMER,
      issues: [expect.objectContaining({ path: ["customerId"] })],
    });
    const missing = await attach(inquiry.id, { customerId: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe("Customer not found");
  });
});

describe("a website inquiry", () => {
  it("can be linked to the customer staff choose", async () => {
    const { customer } = await createCustomer({ fullName: "Chosen One" });
    const [inquiry] = await (await getDb())
      .insert(contactInquiries)
      .values({ name: "Chosen", email: "someone.else@example.com", message: "Please call me about mowing." })
      .returning();
    const response = await attach(inquiry!.id, { customerId: customer.id });
    expect(response.json).toEqual({ customerId: customer.id, created: false, messageId: null });
    expect(await conversationOf(customer.id)).toEqual([]);
  });
});
