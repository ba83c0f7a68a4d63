import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TEXT_CONSENT_WORDS } from "@/lib/texts";
import { getDb } from "@/server/db";
import { textMessages } from "@/server/db/schema";
import { createCustomer } from "#test/support/helpers";
import { AFTERNOON, newMessageSid, reportStatus, useTwilioStandIn } from "#test/support/twilio";
import { setTextConsent } from "./consent";
import { deliverText } from "./deliver-text";
import { queueText } from "./queue-text";

const twilio = await useTwilioStandIn();
let numbers = 0;

/** A reminder sent through the stand-in; answers its row id and Twilio's MessageSid. */
async function sentText() {
  const db = await getDb();
  const phone = `+1737555${String(3000 + numbers++)}`;
  const { customer } = await createCustomer({ phone });
  await setTextConsent(db, customer.id, { given: true, method: "portal", words: TEXT_CONSENT_WORDS });
  const id = (await queueText(
    db,
    { to: phone, body: "GreenScape: see you tomorrow", kind: "reminder", customerId: customer.id },
    { now: AFTERNOON },
  ))!;
  await deliverText(db, id, { last: false }, AFTERNOON);
  const row = await textRow(id);
  expect(row.status).toBe("sent");
  return { id, sid: row.providerSid! };
}

async function textRow(id: number) {
  const [row] = await (await getDb()).select().from(textMessages).where(eq(textMessages.id, id));
  return row!;
}

describe("Twilio's status callbacks", () => {
  it("mark a text delivered", async () => {
    const { id, sid } = await sentText();
    const response = await reportStatus(twilio, sid, "delivered");
    expect(response.status).toBe(200);
    expect(await textRow(id)).toMatchObject({ status: "delivered", errorCode: null, lastError: null });
  });

  it("mark a text failed or undelivered with Twilio's code and a plain reason", async () => {
    const failed = await sentText();
    await reportStatus(twilio, failed.sid, "failed", 30006);
    expect(await textRow(failed.id)).toMatchObject({
      status: "failed",
      errorCode: 30006,
      lastError: "The number is a landline or cannot receive texts. (Twilio error 30006)",
    });
    const undelivered = await sentText();
    await reportStatus(twilio, undelivered.sid, "undelivered", 30099);
    expect(await textRow(undelivered.id)).toMatchObject({
      status: "undelivered",
      errorCode: 30099,
      lastError: "The carrier could not deliver the text. (Twilio error 30099)",
    });
  });

  it("never move a text backwards: a late 'sent' after 'delivered' changes nothing", async () => {
    const { id, sid } = await sentText();
    await reportStatus(twilio, sid, "delivered");
    await reportStatus(twilio, sid, "sent");
    await reportStatus(twilio, sid, "queued");
    await reportStatus(twilio, sid, "failed", 30008);
    expect(await textRow(id)).toMatchObject({ status: "delivered", errorCode: null });
  });

  it("keep a sent text sent through Twilio's intermediate statuses", async () => {
    const { id, sid } = await sentText();
    for (const status of ["queued", "accepted", "sending", "sent", "something-new"]) {
      expect((await reportStatus(twilio, sid, status)).status).toBe(200);
    }
    expect((await textRow(id)).status).toBe("sent");
  });

  it("answer 200 for a text we do not know, and change nothing", async () => {
    const before = await (await getDb()).select().from(textMessages);
    const response = await reportStatus(twilio, newMessageSid(), "delivered");
    expect(response.status).toBe(200);
    expect(await (await getDb()).select().from(textMessages)).toEqual(before);
  });

  it("refuse a forged callback with 403, changing nothing", async () => {
    const { id, sid } = await sentText();
    const forged = await reportStatus(twilio, sid, "failed", 30003, { signature: "bm90IHR3aWxpbw==" });
    expect(forged.status).toBe(403);
    expect((await textRow(id)).status).toBe("sent");
  });
});
