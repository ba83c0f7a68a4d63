import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { contactInquiries, inboundTexts } from "@/server/db/schema";
import { TEXT_INBOUND_PATH } from "@/server/texts/inbound-text";
import { TEXTS_NOT_CONFIGURED } from "@/server/texts/twilio-client";
import { setEnv } from "#test/support/env";
import { twilioStandInEnv } from "#test/support/helpers";
import { inboundFields, textIn, twilioRequest, useTwilioStandIn } from "#test/support/twilio";
import { apiHandlerFor } from "./api-routes";
import { handleTwilioInboundText } from "./twilio-webhook-handler";

const twilio = await useTwilioStandIn();
const FROM = "+17375554000";

async function stored(sid: string) {
  const db = await getDb();
  return {
    inbound: await db.select().from(inboundTexts).where(eq(inboundTexts.providerSid, sid)),
    inquiries: await db.select().from(contactInquiries).where(eq(contactInquiries.phone, FROM)),
  };
}

describe("POST /api/webhooks/twilio/messages", () => {
  it("refuses a forged, a missing and another address's signature with 403, storing nothing", async () => {
    const forged = await textIn(twilio, FROM, "Hello", {}, { signature: "c2lnbmVkIGJ5IG5vYm9keQ==" });
    const missing = await textIn(twilio, FROM, "Hello", {}, { signature: null });
    const otherUrl = await textIn(twilio, FROM, "Hello", {}, { signedUrl: `https://attacker.example${TEXT_INBOUND_PATH}` });
    for (const { response, sid } of [forged, missing, otherUrl]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/signature/i) });
      expect(await stored(sid)).toEqual({ inbound: [], inquiries: [] });
    }
  });

  it("refuses fields changed after signing", async () => {
    const fields = inboundFields(twilio, FROM, "Hello");
    const signature = twilio.sign(twilioRequest(twilio, TEXT_INBOUND_PATH, fields).url, fields);
    const response = await handleTwilioInboundText(twilioRequest(twilio, TEXT_INBOUND_PATH, { ...fields, Body: "STOP" }, { signature }));
    expect(response.status).toBe(403);
    expect((await stored(fields.MessageSid)).inbound).toEqual([]);
  });

  it("checks the signature against the configured address, not the Host the request names", async () => {
    const fields = inboundFields(twilio, FROM, "Signed for us");
    const ours = twilioRequest(twilio, TEXT_INBOUND_PATH, fields);
    const elsewhere = new Request(`http://forged-host.example${TEXT_INBOUND_PATH}`, {
      method: "POST",
      headers: ours.headers,
      body: await ours.text(),
    });
    expect((await handleTwilioInboundText(elsewhere)).status).toBe(200);
    expect((await stored(fields.MessageSid)).inbound).toHaveLength(1);

    // Signed for the address the request names: a token holder elsewhere, not Twilio calling us.
    const forgedUrl = `http://forged-host.example${TEXT_INBOUND_PATH}`;
    const theirs = inboundFields(twilio, FROM, "Signed for the forged host");
    const answer = await handleTwilioInboundText(
      new Request(forgedUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": twilio.sign(forgedUrl, theirs) },
        body: new URLSearchParams(theirs).toString(),
      }),
    );
    expect(answer.status).toBe(403);
    expect((await stored(theirs.MessageSid)).inbound).toEqual([]);
  });

  it("answers 503 in plain words while texts are not configured", async () => {
    setEnv(twilioStandInEnv(undefined));
    const { response, sid } = await textIn(twilio, FROM, "Anyone there?");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: TEXTS_NOT_CONFIGURED });
    expect((await stored(sid)).inbound).toEqual([]);
  });

  it("refuses a body past 64 kB with 413", async () => {
    const { response } = await textIn(twilio, FROM, "x".repeat(70 * 1024));
    expect(response.status).toBe(413);
  });

  it("answers only POST", async () => {
    const handler = apiHandlerFor(TEXT_INBOUND_PATH)!;
    const response = await handler(new Request(`http://localhost${TEXT_INBOUND_PATH}`));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});
