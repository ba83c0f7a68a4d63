import { forgetReferenceData } from "@/server/cache/reference-data";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BUSINESS } from "@/lib/business";
import { TEXT_CONSENT_WORDS } from "@/lib/texts";
import { getDb } from "@/server/db";
import {
  contactInquiries,
  customers,
  emailOutbox,
  inboundTexts,
  messages,
  textConsentChanges,
  textMessages,
  webhookEndpoints,
  webhookEvents,
} from "@/server/db/schema";
import { createCustomer } from "#test/support/helpers";
import { AFTERNOON, sendQueuedTextsTo, textIn, useTwilioStandIn } from "#test/support/twilio";
import { setTextConsent } from "./consent";
import { deliverText } from "./deliver-text";
import { PHOTO_NOTE } from "./inbound-text";
import { KEYWORD_REPLIES } from "./keywords";
import { queueText } from "./queue-text";

const twilio = await useTwilioStandIn();

let numbers = 0;
/** A number no other test of this file uses: its E.164 form and how a customer might have typed it. */
function freshNumber() {
  const last = String(1000 + numbers++);
  return { e164: `+1737555${last}`, typed: `(737) 555-${last}` };
}

async function customerMessages(customerId: number) {
  return (await getDb()).select().from(messages).where(eq(messages.customerId, customerId));
}

async function customerRow(id: number) {
  const [row] = await (await getDb()).select().from(customers).where(eq(customers.id, id));
  return row!;
}

describe("a customer's text", () => {
  it("joins the conversation of the customer with that number, however the phone was typed", async () => {
    const number = freshNumber();
    const { customer } = await createCustomer({ phone: number.typed });
    const { response } = await textIn(twilio, number.e164, "  Can you skip the back yard?  ");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/xml");
    expect(await response.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await customerMessages(customer.id)).toEqual([
      expect.objectContaining({ content: "Can you skip the back yard?", senderType: "customer", channel: "text", read: false }),
    ]);
  });

  it("prefers the customer who agreed to texts at the number, then the one with the latest message", async () => {
    const number = freshNumber();
    const db = await getDb();
    const { customer: older } = await createCustomer({ phone: number.typed, fullName: "Older record" });
    const { customer: talked } = await createCustomer({ phone: number.typed, fullName: "Wrote last" });
    const { customer: newest } = await createCustomer({ phone: number.typed, fullName: "Newest record" });
    await db.insert(messages).values({ customerId: talked.id, content: "Hello", senderType: "customer" });
    await textIn(twilio, number.e164, "Who gets this?");
    expect(await customerMessages(talked.id)).toHaveLength(2);
    expect(await customerMessages(newest.id)).toHaveLength(0);

    await setTextConsent(db, older.id, { given: true, method: "portal", words: TEXT_CONSENT_WORDS });
    await textIn(twilio, number.e164, "And this?");
    expect((await customerMessages(older.id)).map((message) => message.content)).toEqual(["And this?"]);
  });

  it("tells the office and the integrations as a portal message does, with the source 'text'", async () => {
    const number = freshNumber();
    const db = await getDb();
    const { customer } = await createCustomer({ phone: number.e164, fullName: "Rosa Texter" });
    await db
      .insert(webhookEndpoints)
      .values({ url: "https://hooks.example.com/in", events: ["message.received"], secret: "whsec_dGVzdA==" });
    // Written past the app: the kept endpoints are forgotten by hand, as the app's own writes do.
    forgetReferenceData();
    await textIn(twilio, number.e164, "The gate code is 4412");
    const [message] = await customerMessages(customer.id);
    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.type, "message.received"));
    const payloads = events.map((event) => (event.payload as { data: { message: Record<string, unknown> } }).data.message);
    expect(payloads).toContainEqual(
      expect.objectContaining({ id: message!.id, source: "text", customerId: customer.id, content: "The gate code is 4412" }),
    );
    const [notice] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.idempotencyKey, `staff-new-message:${customer.id}:${message!.id}`));
    expect(notice?.body).toContain("Rosa Texter sent a message by text:");
  });

  it("says so when the text carried a photo", async () => {
    const number = freshNumber();
    const { customer } = await createCustomer({ phone: number.e164 });
    await textIn(twilio, number.e164, "Look at this patch", { NumMedia: "1", MediaUrl0: "https://api.twilio.com/media/1" });
    await textIn(twilio, number.e164, "", { NumMedia: "2" });
    expect((await customerMessages(customer.id)).map((message) => message.content)).toEqual([
      `Look at this patch\n\n${PHOTO_NOTE}`,
      PHOTO_NOTE,
    ]);
  });

  it("is stored once and told once when Twilio delivers it again", async () => {
    const number = freshNumber();
    const db = await getDb();
    const { customer } = await createCustomer({ phone: number.e164 });
    const { sid } = await textIn(twilio, number.e164, "Only once please");
    const again = await textIn(twilio, number.e164, "Only once please", { MessageSid: sid });
    expect(again.response.status).toBe(200);
    expect(await customerMessages(customer.id)).toHaveLength(1);
    expect(await db.select().from(inboundTexts).where(eq(inboundTexts.providerSid, sid))).toHaveLength(1);
    const notices = await db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.idempotencyKey, `staff-%-message%:${customer.id}:%`));
    expect(notices).toHaveLength(1);
  });
});

describe("a text from a number nobody has", () => {
  it("becomes a text inquiry named after the number, and the office hears of it", async () => {
    const number = freshNumber();
    const db = await getDb();
    const { sid } = await textIn(twilio, number.e164, "Do you mow in 78745?");
    const [inquiry] = await db.select().from(contactInquiries).where(eq(contactInquiries.phone, number.e164));
    expect(inquiry).toMatchObject({
      name: `Text from ${number.typed}`,
      email: "",
      phone: number.e164,
      message: "Do you mow in 78745?",
      source: "text",
      customerId: null,
    });
    const [inbound] = await db.select().from(inboundTexts).where(eq(inboundTexts.providerSid, sid));
    expect(inbound).toMatchObject({ inquiryId: inquiry!.id, customerId: null, messageId: null });
    const [notice] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.idempotencyKey, `staff-new-inquiry:${inquiry!.id}`));
    expect(notice?.subject).toBe(`New text from ${number.typed}`);
  });
});

describe("keywords", () => {
  it("STOP stops every text, answers once even when replayed, and a later notice is skipped", async () => {
    const number = freshNumber();
    const db = await getDb();
    const { customer } = await createCustomer({ phone: number.typed });
    await setTextConsent(db, customer.id, { given: true, method: "portal", words: TEXT_CONSENT_WORDS });

    const { sid } = await textIn(twilio, number.e164, " stop ");
    await textIn(twilio, number.e164, "STOP", { MessageSid: sid });
    expect((await customerRow(customer.id)).textsStoppedAt).toBeInstanceOf(Date);
    const [change] = await db
      .select()
      .from(textConsentChanges)
      .where(and(eq(textConsentChanges.customerId, customer.id), eq(textConsentChanges.method, "keyword")));
    expect(change).toMatchObject({ given: false, words: "STOP" });
    // Kept as an inbound text, never as a conversation message.
    expect(await customerMessages(customer.id)).toHaveLength(0);
    expect(await db.select().from(inboundTexts).where(eq(inboundTexts.providerSid, sid))).toHaveLength(1);

    const texts = await sendQueuedTextsTo(number.e164);
    expect(texts).toEqual([
      expect.objectContaining({ kind: "keywordReply", body: KEYWORD_REPLIES.stop, idempotencyKey: `keyword:${sid}`, status: "sent" }),
    ]);
    expect(twilio.sent.filter((text) => text.to === number.e164).map((text) => text.body)).toEqual([KEYWORD_REPLIES.stop]);

    const reminder = (await queueText(
      db,
      { to: number.e164, body: "GreenScape: see you tomorrow", kind: "reminder", customerId: customer.id },
      { now: AFTERNOON },
    ))!;
    await deliverText(db, reminder, { last: false }, AFTERNOON);
    const [skipped] = await db.select().from(textMessages).where(eq(textMessages.id, reminder));
    expect(skipped).toMatchObject({ status: "skipped", lastError: "The customer texted STOP." });
  });

  it("START resumes texts and confirms", async () => {
    const number = freshNumber();
    const db = await getDb();
    const { customer } = await createCustomer({ phone: number.e164 });
    await setTextConsent(db, customer.id, { given: true, method: "portal", words: TEXT_CONSENT_WORDS });
    await textIn(twilio, number.e164, "Unsubscribe");
    expect((await customerRow(customer.id)).textsStoppedAt).not.toBeNull();
    await textIn(twilio, number.e164, "Start");
    expect((await customerRow(customer.id)).textsStoppedAt).toBeNull();
    const texts = await sendQueuedTextsTo(number.e164);
    expect(texts.map((text) => text.body)).toEqual([KEYWORD_REPLIES.stop, KEYWORD_REPLIES.start]);
  });

  it("HELP answers with the business's name and phone, even from a number nobody has", async () => {
    const number = freshNumber();
    const db = await getDb();
    await textIn(twilio, number.e164, "help");
    expect(await db.select().from(contactInquiries).where(eq(contactInquiries.phone, number.e164))).toHaveLength(0);
    await sendQueuedTextsTo(number.e164);
    const [answer] = twilio.sent.filter((text) => text.to === number.e164);
    expect(answer?.body).toContain(BUSINESS.name);
    expect(answer?.body).toContain(BUSINESS.phone);
    expect(answer?.body).toContain("Reply STOP to stop");
  });

  it("treats a keyword inside a sentence as a message", async () => {
    const number = freshNumber();
    const { customer } = await createCustomer({ phone: number.e164 });
    await textIn(twilio, number.e164, "Please stop by on Friday");
    expect((await customerRow(customer.id)).textsStoppedAt).toBeNull();
    expect(await customerMessages(customer.id)).toHaveLength(1);
  });
});
