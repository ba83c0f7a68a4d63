import { formatBusinessDate } from "@/lib/business-time";
import { BUSINESS } from "@/lib/business";
import type { TSelfServiceRules } from "@/lib/validation/self-service";
import { ConflictError } from "@/server/errors";
import type { Visit } from "@/server/schedules/visits";

const HOUR_MS = 60 * 60 * 1000;

/** How a visit is named to the customer and in the conversation: "Tue, Dec 1 (Weekly Mowing)". */
export function visitLabel(visit: Pick<Visit, "startTime" | "service">): string {
  const day = formatBusinessDate(visit.startTime, "EEE, MMM d");
  return visit.service ? `${day} (${visit.service.name})` : day;
}

/** Outside the notice window a visit may still be changed online; inside it the customer calls. */
export function isOutsideNotice(startTime: Date, rules: TSelfServiceRules, now: Date): boolean {
  return startTime.getTime() - now.getTime() > rules.noticeHours * HOUR_MS;
}

export function tooLateMessage(rules: TSelfServiceRules): string {
  return `Visits can be changed online until ${rules.noticeHours} hours before they start. Please call us at ${BUSINESS.phone} to change this one.`;
}

/** A visit the customer may still change: booked (not cancelled or done) and outside the notice window. */
export function assertChangeable(visit: Visit, rules: TSelfServiceRules, now: Date): void {
  if (visit.status === "cancelled") throw new ConflictError("This visit is already cancelled or skipped.");
  if (visit.status === "completed" || visit.startTime <= now) throw new ConflictError("This visit has already taken place.");
  if (!isOutsideNotice(visit.startTime, rules, now)) throw new ConflictError(tooLateMessage(rules));
}

/** Skip, pause, resume and ending apply to a recurring plan; a one-time visit is cancelled instead. */
export function assertRecurring(visit: Visit, what: string): void {
  if (!visit.isRecurring) {
    const subject = what === "skipped" ? "a visit of a recurring plan" : "a recurring plan";
    throw new ConflictError(`Only ${subject} can be ${what}. To drop a one-time visit, cancel it.`);
  }
}
