import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach } from "vitest";
import { getDb } from "../../src/server/db";
import { textMessages } from "../../src/server/db/schema";
import { appUrl } from "../../src/server/email/app-url";
import { handleTwilioInboundText, handleTwilioTextStatus } from "../../src/server/http/twilio-webhook-handler";
import { deliverText } from "../../src/server/texts/deliver-text";
import { TEXT_STATUS_CALLBACK_PATH } from "../../src/server/texts/deliver-text";
import { TEXT_INBOUND_PATH } from "../../src/server/texts/inbound-text";
import { startTwilioStandIn, type TwilioStandIn } from "../doubles/twilio-stand-in";
import { setEnv } from "./env";
import { twilioStandInEnv } from "./helpers";

// 2 PM in Austin on a November weekday: outside quiet hours.
export const AFTERNOON = new Date("2026-11-24T20:00:00Z");

/**
 * The Twilio stand-in for one test file (call it at the file's top level): the app's Twilio
 * settings point at it before each test and are cleared once the file's tests are done.
 */
export async function useTwilioStandIn(): Promise<TwilioStandIn> {
  const twilio = await startTwilioStandIn();
  beforeEach(() => {
    setEnv(twilioStandInEnv(twilio));
  });
  afterAll(async () => {
    setEnv(twilioStandInEnv(undefined));
    await twilio.close();
  });
  return twilio;
}

export const newMessageSid = () => `SM${randomBytes(16).toString("hex")}`;

export interface SignedPost {
  /** The address signed; the app's own by default. */
  signedUrl?: string;
  /** Another signature, or null for none. */
  signature?: string | null;
}

/** A POST as Twilio makes it to one of our webhooks: form fields, signed with the stand-in's token. */
export function twilioRequest(twilio: TwilioStandIn, path: string, params: Record<string, string>, options: SignedPost = {}): Request {
  const url = appUrl(path);
  const signature = options.signature === undefined ? twilio.sign(options.signedUrl ?? url, params) : options.signature;
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  if (signature !== null) headers.set("x-twilio-signature", signature);
  return new Request(url, { method: "POST", headers, body: new URLSearchParams(params).toString() });
}

/** The fields of a customer's text as Twilio posts them. */
export function inboundFields(twilio: TwilioStandIn, from: string, body: string, extra: Record<string, string> = {}) {
  return {
    MessageSid: newMessageSid(),
    AccountSid: twilio.accountSid,
    From: from,
    To: "+15125550100",
    Body: body,
    NumMedia: "0",
    ...extra,
  };
}

/** A customer texts the business; answers the webhook's response and the text's MessageSid. */
export async function textIn(
  twilio: TwilioStandIn,
  from: string,
  body: string,
  extra: Record<string, string> = {},
  options: SignedPost = {},
) {
  const fields = inboundFields(twilio, from, body, extra);
  const response = await handleTwilioInboundText(twilioRequest(twilio, TEXT_INBOUND_PATH, fields, options));
  return { response, sid: fields.MessageSid };
}

/** Twilio reports a text's status to the callback. */
export function reportStatus(twilio: TwilioStandIn, sid: string, status: string, errorCode?: number, options: SignedPost = {}) {
  const fields: Record<string, string> = { MessageSid: sid, MessageStatus: status, AccountSid: twilio.accountSid };
  if (errorCode !== undefined) fields.ErrorCode = String(errorCode);
  return handleTwilioTextStatus(twilioRequest(twilio, TEXT_STATUS_CALLBACK_PATH, fields, options));
}

/** Runs the send job of every text still queued to `to`, as the worker would, in the afternoon. */
export async function sendQueuedTextsTo(to: string) {
  const db = await getDb();
  const queued = await db.select().from(textMessages).where(eq(textMessages.to, to));
  for (const text of queued.filter((row) => row.status === "queued")) await deliverText(db, text.id, { last: false }, AFTERNOON);
  return db.select().from(textMessages).where(eq(textMessages.to, to));
}
