import type { Db } from "@/server/db";
import { sendEmail } from "@/server/email/send-email";
import { autopayActionNeededEmail, receiptEmail } from "@/server/email/templates/payments";
import type { EventOf } from "@/server/events/emit";
import { getReceipt } from "@/server/payments/receipts";
import { autopayVisitOf } from "@/server/payments/visit-payments";
import { cardDeclinedText, visitCompletedText } from "@/server/texts/notice-texts";
import { emitWebhookEvent } from "@/server/webhooks/events";
import { notifyCustomer } from "./notify-customer";
import { findRecipient } from "./recipients";

/**
 * A completed payment, by card (the Stripe webhook) or recorded by staff (cash, check): the
 * `payment.completed` webhook and one receipt, whichever way it was paid. The receipt of an autopay
 * charge is also the visit's "done" notice (its completion waited for the charge, see
 * visit-completed.ts), so it goes as the customer chose, by text with the receipt's link or by email.
 */
export async function announcePaymentCompleted(db: Db, { payment }: EventOf<"payment.completed">) {
  await emitWebhookEvent(db, "payment.completed", {
    payment: { ...payment, paymentDate: payment.paymentDate.toISOString() },
  });
  const receipt = await getReceipt(db, payment.id);
  const options = { idempotencyKey: `receipt:${payment.id}` };
  // Autopay charges only visits the account owns, so the record's own name and address are the ones to tell.
  const recipient = receipt.visit && (await autopayVisitOf(db, payment.id)) !== null ? await findRecipient(db, payment.customerId) : null;
  if (!recipient || !receipt.visit) {
    await sendEmail(db, receiptEmail(receipt), options);
    return;
  }
  const text = visitCompletedText(receipt.visit, { paymentId: payment.id, amount: receipt.amount });
  await notifyCustomer(db, recipient, { email: receiptEmail(receipt), text }, options);
}

/**
 * An autopay charge that needs the customer (declined, or it could not be made): the email with
 * the Pay link, or its text, once a payment.
 */
export async function announcePaymentActionNeeded(db: Db, { payment, reason, visitLabel }: EventOf<"payment.actionNeeded">) {
  const recipient = await findRecipient(db, payment.customerId);
  if (!recipient) return;
  const charge = { paymentId: payment.id, amount: payment.amount, reason, visitLabel };
  await notifyCustomer(
    db,
    recipient,
    { email: autopayActionNeededEmail(recipient, charge), text: cardDeclinedText(charge) },
    { idempotencyKey: `autopay-action-needed:${payment.id}` },
  );
}
