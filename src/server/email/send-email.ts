import type { Db } from "@/server/db";
import { inTransaction } from "@/server/db/in-transaction";
import { runStatement } from "@/server/db/statement";
import { enqueueJob } from "@/server/jobs/job-queue";
import { sendEmailQueue } from "./send-email-queue";

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** Plain text: every email has it. */
  body: string;
  /** The same message as simple HTML, when the email has one. */
  html?: string;
  /** What the email is ("booking_confirmation", "reminder", …), shown to staff with the outbox. */
  kind?: string;
  headers?: Record<string, string>;
  /** Tokens inside the body's links: never logged, and removed from the outbox once sent. */
  secrets?: string[];
}

export const REMOVED_SECRET = "[link removed once sent]";

/** The text with every live token replaced, as it may be kept or shown. */
export function withoutSecrets(text: string, secrets: readonly string[] | null | undefined): string {
  return (secrets ?? []).reduce((result, secret) => (secret ? result.replaceAll(secret, REMOVED_SECRET) : result), text);
}

/**
 * The outbox row's insert, written as one text rather than assembled by Drizzle's builder for every
 * email (two a booking; bench/RESULTS.md, issue 42). Headers and secrets travel as JSON.
 */
const RECORD_EMAIL = `insert into email_outbox ("to", subject, body, html, kind, headers, secrets, idempotency_key)
  values ($1::text, $2::text, $3::text, $4::text, $5::text, $6::jsonb,
    (select array_agg(secret) from jsonb_array_elements_text($7::jsonb) secret), $8::text)
  on conflict (idempotency_key) do nothing
  returning id`;

export interface SendEmailOptions {
  /** An email with a key is recorded once: asking again with the same key sends nothing. */
  idempotencyKey?: string;
  /** Sent no earlier than this (messages folded into one notice wait for their window to close). */
  sendAfter?: Date;
}

/**
 * Records the email in the outbox and queues the job that sends it, in one transaction (inside the
 * caller's, when `db` is one): the email exists exactly when the action that caused it does, and a
 * slow or broken mail server never slows or fails that action. The job sends through SMTP when
 * SMTP_URL is set; without it the email stays in the outbox and the server log (deliver-email.ts).
 *
 * Returns the outbox id, or null when an email with this idempotency key was already recorded.
 */
export async function sendEmail(db: Db, email: OutgoingEmail, options: SendEmailOptions = {}): Promise<number | null> {
  return inTransaction(db, async (tx) => {
    const [row] = await runStatement<{ id: number }>(tx, RECORD_EMAIL, [
      email.to,
      email.subject,
      email.body,
      email.html ?? null,
      email.kind ?? null,
      email.headers ? JSON.stringify(email.headers) : null,
      email.secrets?.length ? JSON.stringify(email.secrets) : null,
      options.idempotencyKey ?? null,
    ]);
    if (!row) return null;
    await enqueueJob(tx, sendEmailQueue, { outboxId: row.id }, options.sendAfter ? { startAfter: options.sendAfter } : {});
    return row.id;
  });
}
