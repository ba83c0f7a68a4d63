import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { businessTimeOf } from "@/lib/business-time";
import { TEXT_CONSENT_WORDS } from "@/lib/texts";
import { getDb } from "@/server/db";
import { customers, textMessages } from "@/server/db/schema";
import { createCustomer, twilioStandInEnv } from "#test/support/helpers";
import { setEnv } from "#test/support/env";
import { startTwilioStandIn, type TwilioStandIn } from "#test/doubles/twilio-stand-in";
import { setTextConsent } from "./consent";
import { DEFAULT_TEXT_SETTINGS, saveTextSettings } from "./settings";
import { REMOVED_SECRET } from "@/server/email/send-email";
import { deliverText } from "./deliver-text";
import { queueText } from "./queue-text";

let twilio: TwilioStandIn;
// 2 PM in Austin on a November weekday: outside quiet hours.
const AFTERNOON = new Date("2026-11-24T20:00:00Z");

beforeAll(async () => {
  twilio = await startTwilioStandIn();
});
afterAll(() => twilio.close());
afterEach(() => {
  setEnv(twilioStandInEnv(undefined));
  vi.restoreAllMocks();
});

async function consentingCustomer(phone = `512555${String(Date.now()).slice(-4)}`) {
  const { customer } = await createCustomer({ phone });
  await setTextConsent(await getDb(), customer.id, { given: true, method: "portal", words: TEXT_CONSENT_WORDS });
  const [row] = await (await getDb()).select({ textNumber: customers.textNumber }).from(customers).where(eq(customers.id, customer.id));
  return { ...customer, textNumber: row!.textNumber! };
}

async function textRow(id: number) {
  const [row] = await (await getDb()).select().from(textMessages).where(eq(textMessages.id, id));
  return row!;
}

describe("sending a text", () => {
  it("hands a text to Twilio once, however often its job runs", async () => {
    setEnv(twilioStandInEnv(twilio));
    const db = await getDb();
    const customer = await consentingCustomer();
    const id = (await queueText(
      db,
      { to: customer.textNumber, body: "GreenScape: see you tomorrow", kind: "reminder", customerId: customer.id },
      { now: AFTERNOON },
    ))!;
    await deliverText(db, id, { last: false }, AFTERNOON);
    await deliverText(db, id, { last: false }, AFTERNOON);
    expect(twilio.sent.filter((text) => text.to === customer.textNumber)).toHaveLength(1);
    const row = await textRow(id);
    expect(row.status).toBe("sent");
    expect(row.providerSid).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it("sends a link's token and keeps no live token in the stored body once sent", async () => {
    setEnv(twilioStandInEnv(twilio));
    const db = await getDb();
    const customer = await consentingCustomer();
    const token = "secrettoken234567abcdefghijklmno";
    const body = `GreenScape Austin: your quote is ready: https://example.test/q/${token}`;
    const id = (await queueText(
      db,
      { to: customer.textNumber, body, kind: "quoteSent", customerId: customer.id },
      { now: AFTERNOON, secrets: [token] },
    ))!;
    const [job] = (await db.execute(
      sql`select data from pgboss.job where name = 'send-text' and data->>'textId' = ${String(id)}`,
    )) as unknown as Array<{ data: { secretSpans: Array<[number, number]> } }>;
    // The job says where the token is, and never holds it.
    expect(JSON.stringify(job!.data)).not.toContain(token);
    await deliverText(db, id, { last: false, secretSpans: job!.data.secretSpans }, AFTERNOON);

    expect(twilio.sent.find((text) => text.to === customer.textNumber)?.body).toBe(body);
    const row = await textRow(id);
    expect(row.status).toBe("sent");
    expect(row.body).toBe(`GreenScape Austin: your quote is ready: https://example.test/q/${REMOVED_SECRET}`);
  });

  it("keeps a text in the outbox and the log while texts are off", async () => {
    const log = vi.spyOn(console, "info").mockImplementation(() => {});
    const db = await getDb();
    const customer = await consentingCustomer();
    const id = (await queueText(
      db,
      { to: customer.textNumber, body: "GreenScape: hello", kind: "reminder", customerId: customer.id },
      { now: AFTERNOON },
    ))!;
    await deliverText(db, id, { last: false }, AFTERNOON);
    expect((await textRow(id)).status).toBe("outbox");
    expect(log.mock.calls.map((call) => String(call[0])).join("\n")).toContain("GreenScape: hello");
  });

  it("waits for 8 AM Austin time when it falls in the quiet hours", async () => {
    const db = await getDb();
    const customer = await consentingCustomer();
    const lateEvening = new Date("2026-11-25T04:30:00Z"); // 10:30 PM in Austin
    const id = (await queueText(
      db,
      { to: customer.textNumber, body: "GreenScape: late", kind: "officeChange", customerId: customer.id },
      { now: lateEvening },
    ))!;
    expect((await textRow(id)).sendAfter.toISOString()).toBe("2026-11-25T14:00:00.000Z");
  });

  it("fails for good on a refusal Twilio calls final, and is not retried", async () => {
    setEnv(twilioStandInEnv(twilio));
    const db = await getDb();
    const customer = await consentingCustomer();
    twilio.refuse.set(customer.textNumber, 21610);
    const id = (await queueText(
      db,
      { to: customer.textNumber, body: "GreenScape: refused", kind: "reminder", customerId: customer.id },
      { now: AFTERNOON },
    ))!;
    await deliverText(db, id, { last: false }, AFTERNOON);
    const row = await textRow(id);
    expect(row.status).toBe("failed");
    expect(row.errorCode).toBe(21610);
  });

  it("is skipped when the customer has not agreed to texts", async () => {
    setEnv(twilioStandInEnv(twilio));
    const db = await getDb();
    const { customer } = await createCustomer({ phone: "5125550142" });
    const id = (await queueText(
      db,
      { to: "+15125550142", body: "GreenScape: no", kind: "reminder", customerId: customer.id },
      { now: AFTERNOON },
    ))!;
    await deliverText(db, id, { last: false }, AFTERNOON);
    expect((await textRow(id)).status).toBe("skipped");
    expect(twilio.sent.some((text) => text.body === "GreenScape: no")).toBe(false);
  });
});

describe("the caps on what texts cost", () => {
  /** Settings for a test that sends at the real time: quiet hours moved away from it. */
  async function capsOf(caps: { customerDailyCap?: number; businessDailyCap?: number }) {
    const hour = Number(businessTimeOf(new Date()).slice(0, 2));
    const away = (offset: number) => `${String((hour + offset) % 24).padStart(2, "0")}:30`;
    await saveTextSettings(await getDb(), { ...DEFAULT_TEXT_SETTINGS, quietFrom: away(12), quietUntil: away(13), ...caps });
  }
  afterEach(async () => saveTextSettings(await getDb(), DEFAULT_TEXT_SETTINGS));

  it("skip a customer's notices past their daily cap, with the reason, but never the answer to STOP", async () => {
    setEnv(twilioStandInEnv(twilio));
    await capsOf({ customerDailyCap: 2 });
    const db = await getDb();
    const customer = await consentingCustomer();
    const statuses: string[] = [];
    for (const [index, kind] of (["reminder", "officeChange", "onMyWay", "keywordReply"] as const).entries()) {
      const id = (await queueText(db, { to: customer.textNumber, body: `GreenScape: notice ${index}`, kind, customerId: customer.id }))!;
      await deliverText(db, id, { last: false });
      statuses.push((await textRow(id)).status);
    }
    expect(statuses).toEqual(["sent", "sent", "skipped", "sent"]);
    const [skipped] = await db.select().from(textMessages).where(eq(textMessages.body, "GreenScape: notice 2"));
    expect(skipped!.lastError).toBe("This customer's cap of 2 texts a day was reached.");
  });

  it("skip every text past the business's daily cap", async () => {
    setEnv(twilioStandInEnv(twilio));
    const db = await getDb();
    const [counted] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(textMessages)
      .where(
        sql`${textMessages.status} in ('sending', 'sent', 'delivered', 'undelivered', 'failed') and ${textMessages.kind} <> 'keywordReply'`,
      );
    await capsOf({ businessDailyCap: counted!.count + 1 });
    const first = await consentingCustomer();
    const second = await consentingCustomer(`512555${String(Date.now() + 7).slice(-4)}`);
    const ids = [];
    for (const customer of [first, second]) {
      const id = (await queueText(db, {
        to: customer.textNumber,
        body: "GreenScape: for the business cap",
        kind: "reminder",
        customerId: customer.id,
      }))!;
      await deliverText(db, id, { last: false });
      ids.push(id);
    }
    expect((await textRow(ids[0]!)).status).toBe("sent");
    const over = await textRow(ids[1]!);
    expect(over.status).toBe("skipped");
    expect(over.lastError).toMatch(/^The business's cap of \d+ texts a day was reached\.$/);
  });
});
