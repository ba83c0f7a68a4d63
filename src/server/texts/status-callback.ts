import { and, eq, inArray } from "drizzle-orm";
import type { TextStatus } from "@/lib/texts";
import type { Db } from "@/server/db";
import { textMessages } from "@/server/db/schema";

/** Twilio's message statuses, as ours: a text handed over is sent until the carrier says more. */
const STATUS_OF: Record<string, TextStatus> = {
  accepted: "sent",
  scheduled: "sent",
  queued: "sent",
  sending: "sent",
  sent: "sent",
  delivered: "delivered",
  read: "delivered",
  undelivered: "undelivered",
  failed: "failed",
  canceled: "failed",
};

/** The statuses each may follow: a status never moves back (a late "sent" after "delivered" changes nothing). */
const MAY_FOLLOW: Partial<Record<TextStatus, TextStatus[]>> = {
  sent: ["queued", "sending"],
  delivered: ["queued", "sending", "sent"],
  undelivered: ["queued", "sending", "sent"],
  failed: ["queued", "sending", "sent"],
};

/** Plain words for Twilio's usual delivery errors (twilio.com/docs/api/errors). */
const ERROR_REASONS: Record<number, string> = {
  21610: "The customer texted STOP to this number.",
  30003: "The phone could not be reached (switched off or out of coverage).",
  30004: "The text was blocked: the number does not take texts from us.",
  30005: "The number is unknown or no longer in service.",
  30006: "The number is a landline or cannot receive texts.",
  30007: "The carrier filtered the text as unwanted.",
  30008: "The carrier gave no reason.",
  30032: "The sending number is not verified with the carriers yet.",
  30034: "The sending number is not registered with the carriers (A2P 10DLC).",
};

/** Why a text did not arrive, in words staff can act on. */
export function failureReason(status: "undelivered" | "failed", errorCode: number | null): string {
  const known = errorCode === null ? undefined : ERROR_REASONS[errorCode];
  const fallback = status === "undelivered" ? "The carrier could not deliver the text." : "Twilio could not send the text.";
  return errorCode === null ? fallback : `${known ?? fallback} (Twilio error ${errorCode})`;
}

export interface StatusReport {
  /** Twilio's MessageSid, which deliverText kept as the text's providerSid. */
  providerSid: string;
  status: string;
  errorCode: number | null;
}

export type StatusOutcome = "updated" | "unchanged" | "unknown";

/**
 * What Twilio's status callback says became of a text: sent, delivered, undelivered or failed, with
 * its error code and a plain reason. A text only moves forward, so callbacks arriving out of order
 * (or replayed) change nothing; a text we never sent, or a status we do not track, is answered and
 * ignored.
 */
export async function applyTextStatus(db: Db, report: StatusReport): Promise<StatusOutcome> {
  const status = STATUS_OF[report.status.toLowerCase()];
  const [text] = await db.select({ id: textMessages.id }).from(textMessages).where(eq(textMessages.providerSid, report.providerSid));
  if (!text) return "unknown";
  const from = status && MAY_FOLLOW[status];
  if (!status || !from) return "unchanged";
  const failed = status === "undelivered" || status === "failed";
  const [updated] = await db
    .update(textMessages)
    .set({
      status,
      errorCode: failed ? report.errorCode : null,
      lastError: failed ? failureReason(status, report.errorCode) : null,
      updatedAt: new Date(),
    })
    .where(and(eq(textMessages.id, text.id), inArray(textMessages.status, from)))
    .returning({ id: textMessages.id });
  return updated ? "updated" : "unchanged";
}
