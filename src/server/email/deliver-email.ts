import { eq } from "drizzle-orm";
import { BUSINESS } from "@/lib/business";
import { config } from "@/server/config";
import type { Db } from "@/server/db";
import { emailOutbox } from "@/server/db/schema";
import { runStatement, tableRowOf } from "@/server/db/statement";
import { withoutSecrets } from "./send-email";
import { smtpTransport } from "./smtp";

/**
 * Links are written to the log only where the log is a person's inbox: in development and in the
 * demo mode. Anywhere else a log line with a live link would hand the account to whoever reads logs.
 */
function logsMayCarryLinks(): boolean {
  return !config().production || config().demoMode;
}

/**
 * The send job's work for one outbox row. With SMTP the email goes out, is marked sent, and its
 * stored copy loses its live links; a failure is recorded on the row and thrown, so the queue tries
 * again later, and the last failure marks it failed for staff to see. Without SMTP the email stays
 * in the outbox (links included, to be sent by hand) and the log says so. A row already sent is
 * never sent again.
 */
export async function deliverEmail(db: Db, outboxId: number, attempt: { last: boolean }): Promise<void> {
  const [row] = await runStatement<Record<string, unknown>>(db, READ_EMAIL, [outboxId]);
  const email = row ? tableRowOf(emailOutbox, row) : undefined;
  if (!email || email.status === "sent" || email.status === "outbox") return;

  const smtp = smtpTransport();
  if (!smtp) {
    const body = logsMayCarryLinks() ? email.body : withoutSecrets(email.body, email.secrets);
    console.info(`[email outbox #${email.id}] To: ${email.to}\nSubject: ${email.subject}\n\n${body}`);
    await runStatement(db, KEPT_IN_OUTBOX, [email.id]);
    return;
  }

  try {
    await smtp.sendMail({
      from: `${BUSINESS.name} <${BUSINESS.email}>`,
      to: email.to,
      subject: email.subject,
      text: email.body,
      html: email.html ?? undefined,
      headers: email.headers ?? undefined,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(emailOutbox)
      .set({ attempts: email.attempts + 1, lastError: message.slice(0, 500), status: attempt.last ? "failed" : "queued" })
      .where(eq(emailOutbox.id, email.id));
    throw error;
  }
  await runStatement(db, SENT, [
    email.id,
    new Date().toISOString(),
    email.attempts + 1,
    withoutSecrets(email.body, email.secrets),
    email.html === null ? null : withoutSecrets(email.html, email.secrets),
  ]);
}

// The send job's statements for every email, written as texts rather than assembled by Drizzle's
// builder each time (bench/RESULTS.md, issue 42); a failure's update stays a query of its own.
const READ_EMAIL = "select * from email_outbox where id = $1::integer";
const KEPT_IN_OUTBOX = "update email_outbox set status = 'outbox' where id = $1::integer";
/** Sent: its stored copy loses its live links. */
const SENT = `update email_outbox set status = 'sent', sent_at = $2::timestamptz, attempts = $3::integer, last_error = null,
  body = $4::text, html = $5::text, secrets = null
  where id = $1::integer`;
