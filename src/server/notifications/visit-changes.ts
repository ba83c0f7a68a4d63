import type { Db } from "@/server/db";
import { emitWebhookEvent } from "@/server/webhooks/events";
import { visitChangeEmail, type VisitChange } from "@/server/email/templates/customer";
import { notifyCustomer } from "./notify-customer";
import { visitChangeText } from "@/server/texts/notice-texts";
import { findRecipient } from "./recipients";
import type { NotifiableVisit } from "@/server/schedules/notifiable-visits";
import type { EventOf } from "@/server/events/emit";

type ChangeKind = "confirmed" | "moved" | "cancelled" | "completed" | "status";

/** What a change to a visit is, from the customer's side of it. */
export function kindOfChange(before: NotifiableVisit, after: NotifiableVisit): ChangeKind | null {
  if (before.status !== after.status) {
    if (after.status === "cancelled") return "cancelled";
    if (after.status === "completed") return "completed";
    if (after.status === "confirmed" && before.status === "pending") return "confirmed";
  }
  const active = after.status === "pending" || after.status === "confirmed";
  if (active && before.startTime.getTime() !== after.startTime.getTime()) return "moved";
  if (before.status !== after.status) return "status";
  return null;
}

/**
 * Tells the customer and integrations that a visit changed, in the transaction of the change: a
 * note by email when staff confirm, move (a rain day too) or cancel a coming visit, and
 * `visit.updated` (or `visit.completed`) for webhooks. A move or a cancellation goes by text too,
 * as the customer chose; a confirmation only by email. A customer changing their own visit gets no
 * note about what they just did; integrations still hear of it. A quiet change (part of making a
 * plan) tells nobody.
 */
export async function announceVisitChange(db: Db, { before, after, changedBy, rainDay, quiet, now }: EventOf<"visit.changed">) {
  if (quiet) return;
  const kind = kindOfChange(before, after);
  if (!kind) return;
  const toldOfOwnChange = changedBy === "customer";
  // Named as the ownership rule says: a booking waiting for its owner names whoever made it.
  const recipient = await findRecipient(db, after.customerId, after.contact);
  if (!recipient) return;
  const customer = { ...recipient, id: recipient.customerId };

  const emailed: VisitChange | null =
    kind === "confirmed"
      ? { kind }
      : kind === "cancelled"
        ? { kind }
        : kind === "moved"
          ? { kind, previousStartTime: before.startTime, rainDay }
          : null;
  // Past visits change for the records (marked cancelled afterwards, say); nobody needs an email.
  const upcoming = Math.max(before.startTime.getTime(), after.startTime.getTime()) > now.getTime();
  if (emailed && !toldOfOwnChange && upcoming) {
    await notifyCustomer(db, recipient, {
      email: visitChangeEmail(recipient, { ...after, serviceName: after.service?.name ?? null }, emailed),
      text: emailed.kind === "confirmed" ? undefined : visitChangeText(after, emailed),
    });
  }

  await emitWebhookEvent(db, kind === "completed" ? "visit.completed" : "visit.updated", {
    visit: {
      id: after.id,
      scheduleId: after.scheduleId,
      customer: { id: customer.id, fullName: customer.fullName, email: customer.email, phone: customer.phone },
      service: after.service,
      startTime: after.startTime.toISOString(),
      endTime: after.endTime.toISOString(),
      status: after.status,
      address: after.address,
      city: after.city,
      state: after.state,
      zipCode: after.zipCode,
    },
    change: {
      kind,
      previousStatus: before.status === after.status ? null : before.status,
      previousStartTime: kind === "moved" ? before.startTime.toISOString() : null,
      rainDay,
    },
  });
}
