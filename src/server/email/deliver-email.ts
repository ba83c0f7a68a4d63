import { eq } from "drizzle-orm";
import { BUSINESS } from "@/lib/business";
import type { Db } from "@/server/db";
import { emailOutbox } from "@/server/db/schema";
import { smtpTransport } from "./smtp";

/**
 * The send job's work for one outbox row. With SMTP the email goes out and is marked sent; a
 * failure is recorded on the row and thrown, so the queue tries again later, and the last failure
 * marks it failed for staff to see. Without SMTP the email stays in the outbox and goes to the log,
 * so the links in it work on a laptop. A row already sent is never sent again.
 */
export async function deliverEmail(db: Db, outboxId: number, attempt: { last: boolean }): Promise<void> {
  const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
  if (!email || email.status === "sent" || email.status === "outbox") return;

  const smtp = smtpTransport();
  if (!smtp) {
    console.info(`[email outbox #${email.id}] To: ${email.to}\nSubject: ${email.subject}\n\n${email.body}`);
    await db.update(emailOutbox).set({ status: "outbox" }).where(eq(emailOutbox.id, email.id));
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
  await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: new Date(), attempts: email.attempts + 1, lastError: null })
    .where(eq(emailOutbox.id, email.id));
}
