import type { Db } from "@/server/db";
import { sendEmail } from "@/server/email/send-email";
import {
  quoteAcceptanceEmail,
  quoteAcceptedStaffEmail,
  quoteRequestReceivedEmail,
  quoteRequestStaffEmail,
} from "@/server/email/templates/quotes";
import { getNotificationSettings } from "@/server/notifications/settings";

/**
 * The sender's receipt of a request from /quote. It repeats nothing they typed but their first name:
 * the form takes any address, so the email must not carry a stranger's text to it. The limits per
 * address and per email bound how often it is sent.
 */
export async function acknowledgeQuoteRequest(db: Db, request: { id: number; name: string; email: string }, photoCount: number) {
  await sendEmail(db, quoteRequestReceivedEmail(request, photoCount), { idempotencyKey: `quote-request-received:${request.id}` });
}

/** A request from /quote: the office hears of it (when it hears of inquiries). */
export async function announceQuoteRequest(
  db: Db,
  request: Parameters<typeof quoteRequestStaffEmail>[1] & { id: number },
  photoCount: number,
) {
  const settings = await getNotificationSettings(db);
  if (!settings.notifyNewInquiry) return;
  await sendEmail(db, quoteRequestStaffEmail(settings.officeEmail, request, photoCount), {
    idempotencyKey: `staff-quote-request:${request.id}`,
  });
}

/** The office hears that a quote became a plan, and of any visit that still needs a time. */
export async function announceQuoteAccepted(
  db: Db,
  quote: { id: number; fullName: string },
  acceptance: Parameters<typeof quoteAcceptedStaffEmail>[2] & { id: number },
) {
  const settings = await getNotificationSettings(db);
  await sendEmail(db, quoteAcceptedStaffEmail(settings.officeEmail, quote, acceptance), {
    idempotencyKey: `staff-quote-accepted:${acceptance.id}`,
  });
}

/** The customer's copy of their acceptance, to the address the quote's link went to. */
export async function confirmQuoteAcceptance(
  db: Db,
  quote: { id: number; fullName: string; email: string },
  acceptance: Parameters<typeof quoteAcceptanceEmail>[1] & { id: number },
  plan: Parameters<typeof quoteAcceptanceEmail>[2],
) {
  await sendEmail(db, quoteAcceptanceEmail(quote, acceptance, plan), { idempotencyKey: `quote-accepted:${acceptance.id}` });
}
