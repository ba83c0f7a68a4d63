import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { TEXT_CONSENT_WORDS } from "@/lib/texts";
import { getDb } from "@/server/db";
import { messages, textMessages } from "@/server/db/schema";
import { setTextConsent } from "@/server/texts/consent";
import { createCustomer, rest, staffCookie } from "#test/support/helpers";
import { sendQueuedTextsTo, textIn, useTwilioStandIn } from "#test/support/twilio";
import { CANNOT_TEXT, TEXT_REPLY_MAX_LENGTH, TEXT_REPLY_TOO_LONG } from "./reply-channel";

const twilio = await useTwilioStandIn();
let cookie: string;
let numbers = 0;

beforeAll(async () => {
  cookie = await staffCookie();
});

function freshNumber() {
  const last = String(5000 + numbers++);
  return { e164: `+1737555${last}`, typed: `737.555.${last}` };
}

function send(body: Record<string, unknown>) {
  return rest("POST", "/messages", { body, headers: { cookie } });
}

async function messageCount(customerId: number) {
  return (await (await getDb()).select().from(messages).where(eq(messages.customerId, customerId))).length;
}

describe("staff answering by text", () => {
  it("answers a customer who wrote by text by text, and the text reaches Twilio once", async () => {
    const number = freshNumber();
    const { customer } = await createCustomer({ phone: number.typed });
    await textIn(twilio, number.e164, "Is Thursday still on?");

    const response = await send({ customerId: customer.id, content: "Yes, Thursday at 9." });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      channel: "text",
      senderType: "user",
      delivery: { status: "queued", errorCode: null, error: null },
    });
    const [text] = await (await getDb())
      .select()
      .from(textMessages)
      .where(eq(textMessages.messageId, response.json.id as number));
    expect(text).toMatchObject({
      to: number.e164,
      kind: "conversation",
      body: "Yes, Thursday at 9.",
      idempotencyKey: `message:${response.json.id}`,
    });

    await sendQueuedTextsTo(number.e164);
    await sendQueuedTextsTo(number.e164);
    expect(twilio.sent.filter((sent) => sent.to === number.e164).map((sent) => sent.body)).toEqual(["Yes, Thursday at 9."]);
    const conversation = await rest("GET", `/messages?customerId=${customer.id}`, { headers: { cookie } });
    expect((conversation.json as unknown as Array<{ id: number; delivery: unknown }>).at(-1)).toMatchObject({
      id: response.json.id,
      delivery: { status: "sent" },
    });
  });

  it("stays in My Account by default when the customer last wrote there, and texts when asked to", async () => {
    const number = freshNumber();
    const db = await getDb();
    const { customer } = await createCustomer({ phone: number.typed });
    await setTextConsent(db, customer.id, { given: true, method: "portal", words: TEXT_CONSENT_WORDS });
    await db.insert(messages).values({ customerId: customer.id, content: "From the portal", senderType: "customer" });

    const portal = await send({ customerId: customer.id, content: "Seen, thanks." });
    expect(portal.json).toMatchObject({ channel: "portal", delivery: null });
    const text = await send({ customerId: customer.id, content: "Texting you too.", channel: "text" });
    expect(text.json).toMatchObject({ channel: "text", delivery: { status: "queued" } });
    const [row] = await db
      .select()
      .from(textMessages)
      .where(eq(textMessages.messageId, text.json.id as number));
    expect(row?.to).toBe(number.e164);
  });

  it("refuses a text to a customer who never agreed and never texted, storing nothing", async () => {
    const { customer } = await createCustomer({ phone: freshNumber().typed });
    const response = await send({ customerId: customer.id, content: "Hello by text", channel: "text" });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe(`${CANNOT_TEXT}: they have not agreed to texts and have not texted us.`);
    expect(response.json.issues).toEqual([expect.objectContaining({ path: ["channel"] })]);
    expect(await messageCount(customer.id)).toBe(0);
  });

  it("refuses a text after STOP with the reason, and answers in My Account by default", async () => {
    const number = freshNumber();
    const { customer } = await createCustomer({ phone: number.e164 });
    await textIn(twilio, number.e164, "Please call me instead");
    await textIn(twilio, number.e164, "STOP");

    const refused = await send({ customerId: customer.id, content: "Will do", channel: "text" });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(`${CANNOT_TEXT}: they texted STOP, and texts go to them again only after they text START.`);
    expect(await messageCount(customer.id)).toBe(1);

    const byDefault = await send({ customerId: customer.id, content: "Will do" });
    expect(byDefault.json).toMatchObject({ channel: "portal", delivery: null });
  });

  it("refuses a message too long for one text", async () => {
    const number = freshNumber();
    const { customer } = await createCustomer({ phone: number.e164 });
    await textIn(twilio, number.e164, "Tell me everything");
    const response = await send({ customerId: customer.id, content: "a".repeat(TEXT_REPLY_MAX_LENGTH + 1), channel: "text" });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe(TEXT_REPLY_TOO_LONG);
  });

  it("refuses a channel it does not know", async () => {
    const { customer } = await createCustomer();
    const response = await send({ customerId: customer.id, content: "Hi", channel: "pigeon" });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe("channel must be portal or text");
  });
});
