import { z } from "zod";
import { NOTIFY_BY, TEXT_CONSENT_METHODS, TEXT_NOTICE_KINDS, TEXT_STATUSES } from "@/lib/texts";
import { ZTextSettingsSchema } from "@/lib/validation/texts";

export const ZTextSettingsResponseSchema = ZTextSettingsSchema.extend({
  textsOn: z.boolean().describe("Whether Twilio is configured; without it texts stay in the outbox and the server log"),
  textsOffReason: z.string().nullable().describe("Why texts are off and what to set, or null while they are on"),
}).meta({ id: "TextSettings" });

export const ZTextUsageSchema = z
  .object({
    month: z.string().describe("The Austin month counted, yyyy-MM"),
    sent: z.number().int().describe("Texts handed to Twilio this month (delivered, failed or not yet reported): what costs money"),
    segments: z.number().int().describe("The segments of those texts: Twilio charges per segment"),
    delivered: z.number().int(),
    failed: z.number().int().describe("Failed or undelivered, as Twilio reported"),
    skipped: z.number().int().describe("Not sent: no consent, STOP, or a daily cap reached"),
    outbox: z.number().int().describe("Kept in the outbox while texts were off"),
    waiting: z.number().int().describe("Queued for later (quiet hours) or being sent now"),
  })
  .meta({ id: "TextUsage" });

export const ZRecentTextSchema = z
  .object({
    id: z.number().int(),
    to: z.string().describe("The number, masked to its last four digits"),
    customerId: z.number().int().nullable(),
    customerName: z.string().nullable(),
    kind: z
      .enum([...TEXT_NOTICE_KINDS, "conversation", "keywordReply"])
      .describe("The notice, 'conversation' for a staff message, or 'keywordReply' for the answer to STOP, START or HELP"),
    body: z.string(),
    status: z.enum(TEXT_STATUSES),
    reason: z.string().nullable().describe("Why it failed or was not sent"),
    errorCode: z.number().int().nullable().describe("Twilio's error code when it failed"),
    segments: z.number().int(),
    createdAt: z.date(),
    sentAt: z.date().nullable(),
  })
  .meta({ id: "RecentText" });

export const ZCustomerTextConsentSchema = z
  .object({
    textConsent: z.boolean().describe("The customer agreed to texts"),
    consentSince: z.date().nullable(),
    textNumber: z.string().nullable().describe("The number consent was given for, E.164"),
    stopped: z.boolean().describe("The customer texted STOP and no START since"),
    stoppedSince: z.date().nullable(),
    canText: z.boolean().describe("Texts reach this customer now: consent, not stopped, and the phone on the record is still that number"),
    notifyBy: z.enum(NOTIFY_BY),
    history: z
      .array(
        z.object({
          id: z.number().int(),
          given: z.boolean(),
          method: z.enum(TEXT_CONSENT_METHODS),
          words: z.string().describe("The words shown (or read on the phone), or the keyword texted"),
          phone: z.string().nullable(),
          recordedBy: z.string().nullable().describe("The staff member who recorded it, for consent given on the phone"),
          createdAt: z.date(),
        }),
      )
      .describe("Every change, newest first"),
  })
  .meta({ id: "CustomerTextConsent" });
