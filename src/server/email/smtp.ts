import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/server/config";

let transport: { url: string; transporter: Transporter } | null = null;

/**
 * The SMTP transport when SMTP_URL is set. Its timeouts keep one attempt well inside the send job's
 * two-minute lease, so the queue never hands the same email to a second worker while the first is
 * still talking to the mail server.
 */
export function smtpTransport(): Transporter | null {
  const url = config().smtpUrl;
  if (!url) return null;
  if (transport?.url !== url) {
    transport = {
      url,
      transporter: nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 }),
    };
  }
  return transport.transporter;
}
