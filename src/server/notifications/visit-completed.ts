import { addDays, businessDateOf, businessToday } from "@/lib/business-time";
import type { Db } from "@/server/db";
import type { EventOf } from "@/server/events/emit";
import { visitPaymentState } from "@/server/payments/visit-payments";
import { findNotifiableVisit } from "@/server/schedules/notifiable-visits";
import { visitCompletedText } from "@/server/texts/notice-texts";
import { notifyCustomer } from "./notify-customer";
import { findRecipient } from "./recipients";

/**
 * "Done": a completed visit is texted to the customers who take texts, with the receipt's link when
 * it is already paid (there is no email for it; the receipt email is the one a payment sends). A
 * visit autopay charges is told when the charge goes through, by its receipt (payment-notices.ts),
 * so the text can carry the receipt; this runs after autopay has recorded that charge. Once a visit,
 * however often it is completed again; and a visit marked done more than a day after its day is the
 * office bringing its records up to date, which is news to nobody.
 */
export async function announceVisitCompleted(tx: Db, { visit }: EventOf<"visit.completed">, now = new Date()) {
  const found = await findNotifiableVisit(tx, String(visit.id));
  if (!found || found.status !== "completed") return;
  if (businessDateOf(found.startTime) < addDays(businessToday(now), -1)) return;
  const payment = await visitPaymentState(tx, visit);
  if (payment.autopay) return;
  // Named as the ownership rule says: a booking waiting for its owner names whoever made it.
  const recipient = await findRecipient(tx, visit.customerId, found.contact);
  if (!recipient) return;
  const text = visitCompletedText({ serviceName: found.service?.name ?? null, startTime: found.startTime }, payment.paid);
  await notifyCustomer(tx, recipient, { text }, { idempotencyKey: `visit-completed:${visit.id}` });
}
