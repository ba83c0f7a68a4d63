import nodemailer, { type Transporter } from "nodemailer";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { emailOutbox } from "@/server/db/schema";
import { BUSINESS } from "@/lib/business";
import { config } from "@/server/config";

export interface OutgoingEmail {
  to: string;
  subject: string;
  body: string;
}

let transport: Transporter | null = null;

function smtpTransport(): Transporter | null {
  const url = config().smtpUrl;
  if (!url) return null;
  transport ??= nodemailer.createTransport(url);
  return transport;
}

/**
 * Every email is recorded in the outbox first (beyond.md 15). With SMTP_URL set it then goes out
 * and is marked sent; without it, it stays in the outbox and is written to the log, so the links
 * in it work on a laptop. A failed send never fails the action that caused it.
 */
export async function sendEmail(db: Db, email: OutgoingEmail): Promise<void> {
  const [row] = await db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });
  const smtp = smtpTransport();
  if (!smtp) {
    console.info(`[email outbox #${row!.id}] To: ${email.to}\nSubject: ${email.subject}\n\n${email.body}`);
    return;
  }
  try {
    await smtp.sendMail({ from: `${BUSINESS.name} <${BUSINESS.email}>`, to: email.to, subject: email.subject, text: email.body });
    await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row!.id));
  } catch (error) {
    console.error(`[email outbox #${row!.id}] SMTP send to ${email.to} failed; it stays in the outbox.`, error);
  }
}
