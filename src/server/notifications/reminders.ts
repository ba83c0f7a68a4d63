import { addDays, businessTimeOf, businessToday, endOfBusinessDayExclusive, startOfBusinessDay } from "@/lib/business-time";
import type { Db } from "@/server/db";
import { visitReminderEmail } from "@/server/email/templates/customer";
import { notifyCustomer } from "./notify-customer";
import { addressedTo, findRecipientRecords } from "./recipients";
import { getNotificationSettings } from "./settings";
import { listVisitsBetween } from "@/server/schedules/notifiable-visits";
import { reminderText } from "@/server/texts/notice-texts";

/**
 * The day-before reminders. This runs every few minutes; from the reminder time set in Settings
 * (Austin time) until midnight it queues one reminder for each pending or confirmed visit of
 * tomorrow whose customer still wants reminders. Each reminder's idempotency key is the visit and
 * its date, so however many runs or app instances find the same visit, it is emailed once; a visit
 * booked or moved onto tomorrow after the reminder time is still reminded, and a visit moved to
 * another day is reminded again for that day. The reminder goes by email, text or both as the
 * customer chose; turning reminders off stops it on every channel.
 */
export async function queueDueReminders(db: Db, now = new Date()): Promise<{ queued: number }> {
  const settings = await getNotificationSettings(db);
  if (!settings.remindersEnabled || businessTimeOf(now) < settings.reminderTime) return { queued: 0 };

  const tomorrow = addDays(businessToday(now), 1);
  const visits = await listVisitsBetween(db, {
    from: startOfBusinessDay(tomorrow),
    to: endOfBusinessDayExclusive(tomorrow),
    statuses: ["pending", "confirmed"],
  });
  if (visits.length === 0) return { queued: 0 };

  const records = await findRecipientRecords(
    db,
    visits.map((visit) => visit.customerId),
  );

  let queued = 0;
  for (const visit of visits) {
    const record = records.get(visit.customerId);
    if (!record?.remindersEnabled) continue;
    // To whom the ownership rule names (a booking waiting for its owner: whoever made it).
    const recipient = addressedTo(record, visit.contact);
    const serviceName = visit.service?.name ?? null;
    const notice = { email: visitReminderEmail(recipient, { ...visit, serviceName }), text: reminderText({ ...visit, serviceName }) };
    if (await notifyCustomer(db, recipient, notice, { idempotencyKey: `reminder:${visit.id}:${tomorrow}` })) queued++;
  }
  return { queued };
}
