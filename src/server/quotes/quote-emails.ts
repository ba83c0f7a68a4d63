import type { Db } from "@/server/db";
import { sendEmail } from "@/server/email/send-email";
import {
  quoteAcceptanceEmail,
  quoteAcceptedStaffEmail,
  quoteLinkEmail,
  quoteRequestReceivedEmail,
  quoteRequestStaffEmail,
} from "@/server/email/templates/quotes";
import { notifyCustomer } from "@/server/notifications/notify-customer";
import { findRecipient } from "@/server/notifications/recipients";
import { getNotificationSettings } from "@/server/notifications/settings";
import { quoteSentText } from "@/server/texts/notice-texts";

/**
 * A quote's link, to the address the quote is for. A quote for a customer record goes as that
 * customer chose (email, text or both); a quote to an address with no record yet can only be emailed.
 * The link's token is a secret in either form: each outbox drops it once the link is sent.
 */
export async function sendQuoteLink(
  db: Db,
  quote: Parameters<typeof quoteLinkEmail>[0] & { customerId: number | null },
  link: Parameters<typeof quoteLinkEmail>[1],
  summary: Parameters<typeof quoteLinkEmail>[2],
) {
  const email = quoteLinkEmail(quote, link, summary);
  const recipient = quote.customerId === null ? null : await findRecipient(db, quote.customerId);
  if (!recipient) {
    await sendEmail(db, email);
    return;
  }
  const text = { ...quoteSentText(quote, link.url, summary), secrets: [link.token] };
  await notifyCustomer(db, recipient, { email, text });
}

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
