import { countSegments } from "@/lib/text-segments";
import type { TextKind } from "@/lib/texts";
import type { Db } from "@/server/db";
import { inTransaction } from "@/server/db/in-transaction";
import { textMessages } from "@/server/db/schema";
import { enqueueJob } from "@/server/jobs/job-queue";
import { nextSendableTime, type QuietHours } from "./quiet-hours";
import { sendTextQueue } from "./send-text-queue";
import { getTextSettings } from "./settings";

export interface OutgoingText {
  /** E.164. */
  to: string;
  body: string;
  kind: TextKind;
  customerId: number | null;
  /** The conversation message this text carries. */
  messageId?: number;
}

export interface QueueTextOptions {
  /** A text with a key is recorded once: asking again with the same key sends nothing. */
  idempotencyKey?: string;
  /** Sent no earlier than this; quiet hours may push it later still. */
  sendAfter?: Date;
  now?: Date;
  /**
   * Tokens inside the body's links (a quote's link): never logged outside development, and replaced
   * in the stored body once the text is sent, as an email's are.
   */
  secrets?: readonly string[];
  /** The quiet hours, when the caller has just read the settings (otherwise they are read here). */
  quiet?: QuietHours;
}

/** Where a text's secrets are in its body: start and length of each. */
export type SecretSpan = [start: number, length: number];

/** Every place each secret occurs in the body. */
export function secretSpansOf(body: string, secrets: readonly string[] = []): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const secret of secrets) {
    for (let at = secret ? body.indexOf(secret) : -1; at !== -1; at = body.indexOf(secret, at + secret.length)) {
      spans.push([at, secret.length]);
    }
  }
  return spans;
}

/**
 * Records the text and queues the job that sends it, in one transaction (the caller's, when `db` is
 * one): the text exists exactly when what caused it does. In the quiet hours (Settings → Texts, 9 PM
 * to 8 AM Austin time unless changed) it waits for their end, except the answer to STOP, START or
 * HELP, which answers the customer's own text at once.
 *
 * Returns the text's id, or null when a text with this idempotency key was already recorded.
 */
export async function queueText(db: Db, text: OutgoingText, options: QueueTextOptions = {}): Promise<number | null> {
  const earliest = options.sendAfter ?? options.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const sendAfter = text.kind === "keywordReply" ? earliest : nextSendableTime(earliest, options.quiet ?? (await getTextSettings(tx)));
    const [row] = await tx
      .insert(textMessages)
      .values({
        customerId: text.customerId,
        messageId: text.messageId ?? null,
        to: text.to,
        body: text.body,
        kind: text.kind,
        segments: countSegments(text.body).segments,
        sendAfter,
        idempotencyKey: options.idempotencyKey ?? null,
      })
      .onConflictDoNothing({ target: textMessages.idempotencyKey })
      .returning({ id: textMessages.id });
    if (!row) return null;
    // The job carries where the secrets are, never the secrets: the stored body is their one copy.
    const spans = secretSpansOf(text.body, options.secrets);
    await enqueueJob(
      tx,
      sendTextQueue,
      { textId: row.id, ...(spans.length ? { secretSpans: spans } : {}) },
      sendAfter > (options.now ?? new Date()) ? { startAfter: sendAfter } : {},
    );
    return row.id;
  });
}
