import { eq, inArray } from "drizzle-orm";
import { businessInstant } from "@/lib/business-time";
import type { TSelfServiceAction } from "@/lib/validation/self-service";
import type { Db } from "@/server/db";
import { messages, schedules, visits } from "@/server/db/schema";
import { notifyCustomer } from "@/server/notifications/notify-customer";
import { findRecipient } from "@/server/notifications/recipients";
import { ownChangeEmail } from "@/server/email/templates/customer";
import { findOwnVisit } from "@/server/self-service/appointments";
import { lockCapacityForDates } from "@/server/schedules/crew-capacity";
import { moveVisit, setVisitStatus, type VisitChange } from "@/server/schedules/visits";
import { getSelfServiceRules } from "@/server/settings/self-service-rules";
import { datesTouched, planChange, type ChangePlan, type PlannedVisitChange } from "./plan-change";

/** What the preview and the action answer: the same list, before and after. */
function describe(plan: ChangePlan, applied: boolean) {
  return {
    action: plan.action,
    applied,
    summary: plan.summary,
    changes: plan.changes.map((change) => ({
      visitId: change.visit.visitId,
      serviceName: change.visit.service?.name ?? null,
      startTime: change.visit.startTime,
      endTime: change.visit.endTime,
      effect: change.effect,
      newStartTime: change.newStartTime ?? null,
      newEndTime: change.newEndTime ?? null,
      note: change.note ?? null,
    })),
  };
}
export type AppointmentChange = ReturnType<typeof describe>;

async function plan(db: Db, customerId: number, visitId: string, input: TSelfServiceAction, now: Date) {
  const visit = await findOwnVisit(db, customerId, visitId);
  return planChange(db, visit, input, await getSelfServiceRules(db), now);
}

/** What an action would change, checked against every rule but written nowhere. */
export async function previewAppointmentChange(db: Db, customerId: number, visitId: string, input: TSelfServiceAction, now = new Date()) {
  return describe(await plan(db, customerId, visitId, input, now), false);
}

/**
 * Applies a customer's change. The capacity of every day it fills is locked first, then the plan
 * is made again under the lock, so a booking racing for the same last place cannot slip between
 * the check and the write.
 */
export async function changeAppointment(db: Db, customerId: number, visitId: string, input: TSelfServiceAction, now = new Date()) {
  return db.transaction(async (tx) => {
    await lockCapacityForDates(tx, datesTouched(await plan(tx, customerId, visitId, input, now)));
    const final = await plan(tx, customerId, visitId, input, now);
    for (const change of final.changes) await applyOne(tx, change, now);
    if (final.lastDate) await endPlanAfter(tx, final);
    await tx.insert(messages).values({ customerId, content: final.message, senderType: "customer", read: false });
    await emailOwnChange(tx, final);
    return describe(final, true);
  });
}

/** What the email calls each effect. */
const EFFECT_LABELS: Record<PlannedVisitChange["effect"], string> = {
  skipped: "Skipped",
  moved: "Moved",
  paused: "Skipped (paused)",
  restored: "Booked again",
  notRestored: "Not restored",
  removed: "Removed",
};

/**
 * The customer's own record of the change, by email as the office's changes are. It goes where the
 * ownership rule says (docs/product-rules.md#who-owns-a-visit): the visit was found as theirs, so
 * `visit.contact` is the account's current, proven address.
 */
async function emailOwnChange(tx: Db, plan: ChangePlan) {
  const { visit } = plan;
  const recipient = await findRecipient(tx, visit.customerId, visit.contact);
  if (!recipient) return;
  await notifyCustomer(tx, recipient, {
    email: ownChangeEmail(recipient, {
      action: plan.action,
      visit: { ...visit, serviceName: visit.service?.name ?? null },
      summary: plan.summary,
      visits: plan.changes.map((change) => ({
        startTime: change.newStartTime ?? change.visit.startTime,
        effect: change.note ? `${EFFECT_LABELS[change.effect]}: ${change.note}` : EFFECT_LABELS[change.effect],
      })),
    }),
  });
}

/** Integrations hear of each visit; the customer gets the one summary above, not a note per visit. */
const byCustomer = (customerChange: VisitChange["customerChange"], now: Date): VisitChange => ({
  changedBy: "customer",
  customerChange,
  now,
});

async function applyOne(tx: Db, change: PlannedVisitChange, now: Date) {
  const { visit } = change;
  switch (change.effect) {
    case "skipped":
      return setVisitStatus(tx, visit, "cancelled", byCustomer("skipped", now));
    case "paused":
      return setVisitStatus(tx, visit, "cancelled", { ...byCustomer("paused", now), statusBeforePause: visit.status });
    case "restored":
      // What was there before the pause comes back: a visit the office had confirmed stays confirmed.
      return setVisitStatus(tx, visit, visit.statusBeforePause ?? "pending", byCustomer(null, now));
    case "moved":
      return moveVisit(tx, visit, change.newStartTime!, change.newEndTime!, byCustomer("rescheduled", now));
  }
}

/** The plan's last visit is the chosen one: later visits go, and none is generated past it. */
async function endPlanAfter(tx: Db, plan: ChangePlan) {
  const removed = plan.changes.filter((change) => change.effect === "removed").map((change) => change.visit.id);
  if (removed.length) await tx.delete(visits).where(inArray(visits.id, removed));
  await tx
    .update(schedules)
    .set({ recurringEndDate: businessInstant(plan.lastDate!, "12:00"), updatedAt: new Date() })
    .where(eq(schedules.id, plan.visit.scheduleId));
}
