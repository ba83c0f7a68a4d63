/**
 * Twilio's webhooks are public addresses: anyone can post a "text" or a "status" to them. Replayed
 * here over HTTP as an attacker who knows a customer's number, or who captured a genuine request:
 * a forged text cannot opt a customer out or write in their conversation, a forged status cannot
 * mark a text failed, and a captured request sent again (alone, or many times at once) is stored
 * and answered once.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TEXT_CONSENT_WORDS } from "../../src/lib/texts";
import { getDb } from "../../src/server/db";
import { customers, emailOutbox, inboundTexts, messages, textMessages } from "../../src/server/db/schema";
import { appUrl } from "../../src/server/email/app-url";
import { setTextConsent } from "../../src/server/texts/consent";
import { deliverText, TEXT_STATUS_CALLBACK_PATH } from "../../src/server/texts/deliver-text";
import { TEXT_INBOUND_PATH } from "../../src/server/texts/inbound-text";
import { queueText } from "../../src/server/texts/queue-text";
import { sendOverHttp } from "../support/api-over-http";
import { createCustomer } from "../support/helpers";
import { AFTERNOON, inboundFields, useTwilioStandIn } from "../support/twilio";

const twilio = await useTwilioStandIn();
let numbers = 0;

/** A customer who agreed to texts, and their number. */
async function textingCustomer() {
  const number = `+1737555${String(7000 + numbers++)}`;
  const { customer } = await createCustomer({ phone: number });
  await setTextConsent(await getDb(), customer.id, { given: true, method: "portal", words: TEXT_CONSENT_WORDS });
  return { customer, number };
}

/** Posts form fields to one of our Twilio webhooks over HTTP, with the given signature header (or none). */
function post(path: string, fields: Record<string, string>, signature: string | null, host = "localhost:3000") {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  if (signature !== null) headers.set("x-twilio-signature", signature);
  return sendOverHttp("POST", `http://${host}${path}`, headers, new URLSearchParams(fields).toString());
}

const signed = (path: string, fields: Record<string, string>) => twilio.sign(appUrl(path), fields);

async function customerRow(id: number) {
  const [row] = await (await getDb()).select().from(customers).where(eq(customers.id, id));
  return row!;
}

describe("forged Twilio webhooks", () => {
  it("cannot opt a customer out or write in their conversation", async () => {
    const { customer, number } = await textingCustomer();
    const stop = inboundFields(twilio, number, "STOP");
    const hello = inboundFields(twilio, number, "Cancel all my visits");
    const answers = [
      await post(TEXT_INBOUND_PATH, stop, null),
      await post(TEXT_INBOUND_PATH, stop, twilio.sign(appUrl(TEXT_INBOUND_PATH), { ...stop, Body: "HELP" })),
      // Signed with a token of the attacker's own Twilio account.
      await post(TEXT_INBOUND_PATH, hello, "Zm9yZ2VkIHdpdGggYW5vdGhlciB0b2tlbg=="),
      // Signed for the host the attacker names, which the app never trusts.
      await post(TEXT_INBOUND_PATH, hello, twilio.sign(`http://attacker.example${TEXT_INBOUND_PATH}`, hello), "attacker.example"),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    expect((await customerRow(customer.id)).textsStoppedAt).toBeNull();
    const db = await getDb();
    expect(await db.select().from(messages).where(eq(messages.customerId, customer.id))).toEqual([]);
    expect(await db.select().from(inboundTexts).where(eq(inboundTexts.from, number))).toEqual([]);
    expect(await db.select().from(textMessages).where(eq(textMessages.to, number))).toEqual([]);
  });

  it("cannot mark a sent text failed", async () => {
    const { customer, number } = await textingCustomer();
    const db = await getDb();
    const id = (await queueText(
      db,
      { to: number, body: "GreenScape: see you tomorrow", kind: "reminder", customerId: customer.id },
      { now: AFTERNOON },
    ))!;
    await deliverText(db, id, { last: false }, AFTERNOON);
    const [sent] = await db.select().from(textMessages).where(eq(textMessages.id, id));
    const fields = { MessageSid: sent!.providerSid!, MessageStatus: "failed", ErrorCode: "30003", AccountSid: twilio.accountSid };
    const genuineDelivered = { ...fields, MessageStatus: "delivered" };
    delete (genuineDelivered as Record<string, string>).ErrorCode;

    // A genuine signature over "delivered" does not carry a changed status.
    const tampered = await post(TEXT_STATUS_CALLBACK_PATH, fields, signed(TEXT_STATUS_CALLBACK_PATH, genuineDelivered));
    const unsigned = await post(TEXT_STATUS_CALLBACK_PATH, fields, null);
    expect([tampered.status, unsigned.status]).toEqual([403, 403]);
    expect((await db.select().from(textMessages).where(eq(textMessages.id, id)))[0]?.status).toBe("sent");
  });
});

describe("replayed Twilio webhooks", () => {
  it("store a captured text once and tell the office once, however many arrive at once", async () => {
    const { customer, number } = await textingCustomer();
    const fields = inboundFields(twilio, number, "Gate code is 1234");
    const signature = signed(TEXT_INBOUND_PATH, fields);
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(TEXT_INBOUND_PATH, fields, signature)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const db = await getDb();
    expect(await db.select().from(messages).where(eq(messages.customerId, customer.id))).toHaveLength(1);
    expect(await db.select().from(inboundTexts).where(eq(inboundTexts.providerSid, fields.MessageSid))).toHaveLength(1);
    const notices = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "staff_new_message"));
    expect(notices.filter((email) => email.body.includes("Gate code is 1234"))).toHaveLength(1);
  });

  it("answer a captured STOP once, and a replay after START does not stop texts again", async () => {
    const { customer, number } = await textingCustomer();
    const stop = inboundFields(twilio, number, "STOP");
    const stopSignature = signed(TEXT_INBOUND_PATH, stop);
    await Promise.all(Array.from({ length: 8 }, () => post(TEXT_INBOUND_PATH, stop, stopSignature)));
    const start = inboundFields(twilio, number, "START");
    await post(TEXT_INBOUND_PATH, start, signed(TEXT_INBOUND_PATH, start));
    expect((await post(TEXT_INBOUND_PATH, stop, stopSignature)).status).toBe(200);

    expect((await customerRow(customer.id)).textsStoppedAt).toBeNull();
    const db = await getDb();
    const replies = await db
      .select({ body: textMessages.body })
      .from(textMessages)
      .where(and(eq(textMessages.to, number), eq(textMessages.kind, "keywordReply")));
    expect(replies).toHaveLength(2);
  });
});
