import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { businessDateOf, startOfBusinessDay } from "@/lib/business-time";
import { TEXT_NOTICE_KINDS, type TextKind } from "@/lib/texts";
import type { TTextSettings } from "@/lib/validation/texts";
import { config } from "@/server/config";
import type { Db } from "@/server/db";
import { customers, textMessages } from "@/server/db/schema";
import { appUrl } from "@/server/email/app-url";
import { REMOVED_SECRET } from "@/server/email/send-email";
import { enqueueJob } from "@/server/jobs/job-queue";
import { TEXTING_COLUMNS, textsTo } from "./consent";
import { inQuietHours, nextSendableTime } from "./quiet-hours";
import type { SecretSpan } from "./queue-text";
import { sendTextQueue } from "./send-text-queue";
import { getTextSettings } from "./settings";
import { providerRefusal, textSender, type TextSender } from "./twilio-client";

/** Where Twilio reports what became of each text. */
export const TEXT_STATUS_CALLBACK_PATH = "/api/webhooks/twilio/status";

/** The statuses that count against the caps: texts handed to the provider. */
const COUNTED = ["sending", "sent", "delivered", "undelivered", "failed"] as const;

const NOTICE_KINDS = new Set<TextKind>(TEXT_NOTICE_KINDS);

/** Errors where the request never reached the provider: trying again cannot text twice. */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

type TextRow = typeof textMessages.$inferSelect;

/**
 * The send job's work for one text. In one transaction it decides: a text already past `queued` is
 * never handed over again (so a retried job never texts twice); in the quiet hours it waits for their end;
 * without consent, or past a cap, it is skipped with the reason; without Twilio settings it stays
 * in the outbox and the log. Otherwise it is marked `sending` and committed before Twilio is asked.
 * A refusal Twilio calls final (a bad or unsubscribed number) fails it for good; a request that never
 * reached Twilio, or a busy answer, puts it back in the queue for the next attempt. Once a text is
 * sent, or will never be, its stored body loses the secrets the job names (`secretSpans`).
 */
export async function deliverText(
  db: Db,
  textId: number,
  attempt: { last: boolean; secretSpans?: readonly SecretSpan[] },
  now = new Date(),
): Promise<void> {
  const spans = attempt.secretSpans ?? [];
  const claimed = await db.transaction((tx) => claimText(tx, textId, now, spans));
  if (!claimed) return;
  const { text, sender } = claimed;
  try {
    const result = await sender.send({ to: text.to, body: text.body, statusCallback: appUrl(TEXT_STATUS_CALLBACK_PATH) });
    await db
      .update(textMessages)
      .set({
        status: "sent",
        providerSid: result.sid,
        sentAt: new Date(),
        lastError: null,
        body: withoutSecretSpans(text.body, spans),
        updatedAt: new Date(),
      })
      .where(and(eq(textMessages.id, text.id), eq(textMessages.status, "sending")));
  } catch (error) {
    const refusal = providerRefusal(error);
    const code = (error as { code?: unknown }).code;
    const retryable = refusal ? refusal.status === 429 || refusal.status === 503 : typeof code === "string" && NOT_CONNECTED.has(code);
    const message = (refusal?.message ?? (error instanceof Error ? error.message : String(error))).slice(0, 500);
    const again = retryable && !attempt.last;
    await db
      .update(textMessages)
      .set({
        status: again ? "queued" : "failed",
        ...(again ? {} : { body: withoutSecretSpans(text.body, spans) }),
        errorCode: refusal?.code ?? null,
        lastError: retryable ? message : refusal ? message : `The outcome is unknown, so it is not sent again: ${message}`,
        updatedAt: new Date(),
      })
      .where(eq(textMessages.id, text.id));
    if (retryable) throw error;
  }
}

async function claimText(
  tx: Db,
  textId: number,
  now: Date,
  spans: readonly SecretSpan[],
): Promise<{ text: TextRow; sender: TextSender } | null> {
  const [text] = await tx.select().from(textMessages).where(eq(textMessages.id, textId)).for("update");
  if (!text || text.status !== "queued") return null;
  const settings = await getTextSettings(tx);
  if (text.kind !== "keywordReply" && inQuietHours(now, settings)) {
    const sendAfter = nextSendableTime(now, settings);
    await tx.update(textMessages).set({ sendAfter, updatedAt: new Date() }).where(eq(textMessages.id, text.id));
    await enqueueJob(
      tx,
      sendTextQueue,
      { textId: text.id, ...(spans.length ? { secretSpans: [...spans] } : {}) },
      { startAfter: sendAfter },
    );
    return null;
  }
  // One claim at a time, so two jobs cannot both take the last text under a cap.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('text-caps'))`);
  const reason = await reasonNotToSend(tx, text, settings, now);
  if (reason) {
    await tx
      .update(textMessages)
      .set({ status: "skipped", lastError: reason, body: withoutSecretSpans(text.body, spans), updatedAt: new Date() })
      .where(eq(textMessages.id, text.id));
    return null;
  }
  const sender = textSender();
  if (!sender) {
    // Kept in the outbox with its links, to be sent by hand, as email is; the log has them only in development.
    const logged = logsMayCarryDetails() ? text.body : withoutSecretSpans(text.body, spans);
    console.info(`[text outbox #${text.id}] To: ${maskNumber(text.to)}\n\n${logged}`);
    await tx.update(textMessages).set({ status: "outbox", updatedAt: new Date() }).where(eq(textMessages.id, text.id));
    return null;
  }
  await tx
    .update(textMessages)
    .set({ status: "sending", attempts: text.attempts + 1, updatedAt: new Date() })
    .where(eq(textMessages.id, text.id));
  return { text, sender };
}

/** Why this text must not go now, or null. Answers to STOP, START and HELP always go. */
async function reasonNotToSend(tx: Db, text: TextRow, settings: TTextSettings, now: Date): Promise<string | null> {
  if (text.kind === "keywordReply") return null;
  if (text.customerId !== null) {
    const [record] = await tx.select(TEXTING_COLUMNS).from(customers).where(eq(customers.id, text.customerId));
    if (!record) return "The customer is gone.";
    if (record.textsStoppedAt) return "The customer texted STOP.";
    if (NOTICE_KINDS.has(text.kind) && textsTo(record) !== text.to) return "The customer has not agreed to texts at this number.";
  }
  const since = startOfBusinessDay(businessDateOf(now));
  const counted = and(
    inArray(textMessages.status, [...COUNTED]),
    ne(textMessages.kind, "keywordReply"),
    gte(textMessages.createdAt, since),
  );
  const [business] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(textMessages)
    .where(counted);
  if ((business?.count ?? 0) >= settings.businessDailyCap)
    return `The business's cap of ${settings.businessDailyCap} texts a day was reached.`;
  if (text.customerId !== null && NOTICE_KINDS.has(text.kind)) {
    const [own] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(textMessages)
      .where(and(counted, eq(textMessages.customerId, text.customerId), ne(textMessages.kind, "conversation")));
    if ((own?.count ?? 0) >= settings.customerDailyCap)
      return `This customer's cap of ${settings.customerDailyCap} texts a day was reached.`;
  }
  return null;
}

/** Whole numbers and live links go to the log only where the log is a person's inbox: development and the demo. */
function logsMayCarryDetails(): boolean {
  return !config().production || config().demoMode;
}

/** A number as the log may show it outside development: the last four digits. */
function maskNumber(number: string): string {
  return logsMayCarryDetails() ? number : `…${number.slice(-4)}`;
}

/** The body with each secret span replaced, last first so earlier spans keep their places. */
function withoutSecretSpans(body: string, spans: readonly SecretSpan[]): string {
  return [...spans]
    .filter(([start, length]) => start + length <= body.length)
    .sort(([a], [b]) => b - a)
    .reduce((result, [start, length]) => `${result.slice(0, start)}${REMOVED_SECRET}${result.slice(start + length)}`, body);
}
