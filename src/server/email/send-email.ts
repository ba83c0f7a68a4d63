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
  /** Tokens inside the body's links: never logged, and removed from the outbox once sent. */
  secrets?: string[];
}

let transport: { url: string; transporter: Transporter } | null = null;

function smtpTransport(): Transporter | null {
  const url = config().smtpUrl;
  if (!url) return null;
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

export const REMOVED_SECRET = "[link removed once sent]";

/** The body with every live token replaced, as it may be kept or shown. */
export function withoutSecrets(email: OutgoingEmail): string {
  return (email.secrets ?? []).reduce((body, secret) => (secret ? body.replaceAll(secret, REMOVED_SECRET) : body), email.body);
}

/**
 * Links are written to the log only where the log is a person's inbox: in development and in the
 * demo mode. Anywhere else a log line with a live link would hand the account to whoever reads logs.
 */
function logsMayCarryLinks(): boolean {
  return !config().production || config().demoMode;
}

/**
 * Every email is recorded in the outbox first. With SMTP_URL set it then goes out, is marked sent,
 * and its stored body loses its live links; without it, it stays in the outbox (links included,
 * to be sent by hand) and the log says so. A failed send never fails the action that caused it.
 */
export async function sendEmail(db: Db, email: OutgoingEmail): Promise<void> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ to: email.to, subject: email.subject, body: email.body })
    .returning({ id: emailOutbox.id });
  const smtp = smtpTransport();
  if (!smtp) {
    const body = logsMayCarryLinks() ? email.body : withoutSecrets(email);
    console.info(`[email outbox #${row!.id}] To: ${email.to}\nSubject: ${email.subject}\n\n${body}`);
    return;
  }
  try {
    await smtp.sendMail({ from: `${BUSINESS.name} <${BUSINESS.email}>`, to: email.to, subject: email.subject, text: email.body });
    await db.update(emailOutbox).set({ sentAt: new Date(), body: withoutSecrets(email) }).where(eq(emailOutbox.id, row!.id));
  } catch (error) {
    console.error(`[email outbox #${row!.id}] SMTP send to ${email.to} failed; it stays in the outbox.`, error);
  }
}
