import { eq } from "drizzle-orm";
import { businessDateOf, businessToday } from "@/lib/business-time";
import type { TApplicationInput } from "@/lib/validation/applications";
import type { ApplicationAuthor } from "@/server/applications/author";
import type { Db } from "@/server/db";
import { visitFieldReports, visits } from "@/server/db/schema";
import { LIMITS } from "@/server/auth/limits";
import { enforceLimit } from "@/server/auth/rate-limit";
import { notifyCustomer } from "@/server/notifications/notify-customer";
import { findRecipient } from "@/server/notifications/recipients";
import { ConflictError, NotFoundError } from "@/server/errors";
import { changeVisitStatus } from "@/server/schedules/visit-status";
import { findVisit, parseVisitId, type Visit } from "@/server/schedules/visits";
import { CREW_DAY_MESSAGES } from "@/lib/validation/crew-day";
import { findCrewStop, type CrewStop } from "./crew-day";
import { onMyWayEmail } from "@/server/email/templates/crew";
import { onMyWayText } from "@/server/texts/notice-texts";
import { runOnce, type FieldActor } from "./field-actions";

export const OFFICE_VERSION_WON =
  "The office changed this visit after your phone loaded it, so the office's version stands. Check the stop again.";

/** Who acts in the field, and which crew's visits they may touch (all crews for the office). */
export interface FieldCaller {
  actor: FieldActor;
  key: string;
  crewScope?: { crewId: number };
  staffUserId: number | null;
}

export interface FieldActionResult {
  stop: CrewStop;
  /** "On my way": whether this tap told the customer, by email or text (not when they turned visit emails off, nor for a tap with no news). */
  customerNotified?: boolean;
}

/**
 * The visit of a field action, locked for the action: only a visit of today (Austin), and for a
 * crew member only their crew's (another crew's reads as not found). When the phone says which
 * version it saw and the visit changed since, the office's change wins.
 */
async function lockTodaysVisit(tx: Db, visitId: string, caller: FieldCaller, seenVersion: string | undefined, now: Date): Promise<Visit> {
  const parsed = parseVisitId(visitId);
  if (!parsed || !("id" in parsed)) throw new NotFoundError(CREW_DAY_MESSAGES.visitNotFound);
  const [row] = await tx.select({ updatedAt: visits.updatedAt }).from(visits).where(eq(visits.id, parsed.id)).for("update");
  const visit = row ? await findVisit(tx, visitId) : null;
  if (!row || !visit) throw new NotFoundError(CREW_DAY_MESSAGES.visitNotFound);
  if (caller.crewScope && visit.crewId !== caller.crewScope.crewId) throw new NotFoundError(CREW_DAY_MESSAGES.visitNotFound);
  if (businessDateOf(visit.startTime) !== businessToday(now)) throw new NotFoundError(CREW_DAY_MESSAGES.visitNotFound);
  if (seenVersion !== undefined && new Date(seenVersion).getTime() !== row.updatedAt.getTime()) throw new ConflictError(OFFICE_VERSION_WON);
  return visit;
}

function assertStillToDo(visit: Visit) {
  if (visit.status === "cancelled") throw new ConflictError("The office cancelled this visit.");
  if (visit.status === "completed") throw new ConflictError("This visit is already completed.");
}

async function saveReport(tx: Db, visit: Visit, fields: Partial<typeof visitFieldReports.$inferInsert>, now: Date) {
  await tx
    .insert(visitFieldReports)
    .values({ visitId: visit.id, crewId: visit.crewId, ...fields, updatedAt: now })
    .onConflictDoUpdate({ target: visitFieldReports.visitId, set: { ...fields, crewId: visit.crewId, updatedAt: now } });
}

async function stopOf(tx: Db, visit: Visit): Promise<CrewStop> {
  return (await findCrewStop(tx, visit.id))!;
}

/** A new estimate within this much of the one the customer was told is the same news. */
export const MATERIAL_ESTIMATE_CHANGE_MS = 15 * 60_000;

/**
 * "On my way": the customer gets an arrival estimate by email, text or both as they chose, addressed
 * as the ownership rule says (docs/product-rules.md#who-owns-a-visit), unless they turned visit
 * emails off. However often it is tapped, and by whoever, a visit sends at most two: the first
 * estimate, and one corrected estimate when a later tap differs from it by 15 minutes or more
 * (docs/product-rules.md#the-crews-phone); texts cost money, and the two keys bound them too. Any
 * other tap succeeds and is kept with its key, but tells nobody; the stop keeps showing the estimate
 * the customer was last told.
 */
export function onMyWay(
  db: Db,
  caller: FieldCaller,
  input: { visitId: string; etaMinutes: number; seenVersion?: string },
  now = new Date(),
): Promise<FieldActionResult & { replayed: boolean }> {
  return runOnce(db, { actor: caller.actor, key: caller.key, action: `on-my-way ${input.visitId}` }, async (tx) => {
    // Inside the action, so only a new tap counts: a replayed key was answered before it got here.
    await enforceLimit(tx, LIMITS.onMyWayPerSender, caller.actor, now);
    const visit = await lockTodaysVisit(tx, input.visitId, caller, input.seenVersion, now);
    assertStillToDo(visit);
    const arrival = new Date(now.getTime() + input.etaMinutes * 60_000);
    const [told] = await tx
      .select({ onMyWayAt: visitFieldReports.onMyWayAt, etaMinutes: visitFieldReports.etaMinutes })
      .from(visitFieldReports)
      .where(eq(visitFieldReports.visitId, visit.id));
    const toldArrival = told?.onMyWayAt ? told.onMyWayAt.getTime() + (told.etaMinutes ?? 0) * 60_000 : null;
    const news =
      toldArrival === null ? "first" : Math.abs(arrival.getTime() - toldArrival) >= MATERIAL_ESTIMATE_CHANGE_MS ? "correction" : null;

    let customerNotified = false;
    if (news) {
      const recipient = await findRecipient(tx, visit.customerId, visit.contact);
      // One opt-out for reminders and arrival estimates, on every channel.
      const takesNotices = Boolean(recipient?.remindersEnabled);
      if (recipient && takesNotices) {
        // Each outbox records each of the two once a visit: a second correction finds its key taken.
        const corrected = news === "correction";
        customerNotified = await notifyCustomer(
          tx,
          recipient,
          { email: onMyWayEmail(recipient, await stopOf(tx, visit), arrival, corrected), text: onMyWayText(arrival, corrected) },
          { idempotencyKey: corrected ? `on-my-way:${visit.id}:correction` : `on-my-way:${visit.id}` },
        );
      }
      if (customerNotified || !takesNotices) await saveReport(tx, visit, { onMyWayAt: now, etaMinutes: input.etaMinutes }, now);
    }
    return { stop: await stopOf(tx, visit), customerNotified };
  });
}

/** "Start": the crew is at work on the visit; the first start is kept. */
export function startVisit(db: Db, caller: FieldCaller, input: { visitId: string; seenVersion?: string }, now = new Date()) {
  return runOnce(db, { actor: caller.actor, key: caller.key, action: `start ${input.visitId}` }, async (tx): Promise<FieldActionResult> => {
    const visit = await lockTodaysVisit(tx, input.visitId, caller, input.seenVersion, now);
    assertStillToDo(visit);
    const [report] = await tx
      .select({ startedAt: visitFieldReports.startedAt })
      .from(visitFieldReports)
      .where(eq(visitFieldReports.visitId, visit.id));
    if (!report?.startedAt) await saveReport(tx, visit, { startedAt: now }, now);
    return { stop: await stopOf(tx, visit) };
  });
}

/**
 * "Complete": the same status change as the office's (src/server/schedules/visit-status.ts), so it
 * charges autopay, sends the receipt and fires `visit.completed`; the crew's note is kept with it
 * and a "Can't do it" reported earlier is cleared. A treatment visit's application record comes in
 * the same action, so a replayed key (the phone's queue) writes it once.
 */
export function completeVisit(
  db: Db,
  caller: FieldCaller,
  input: { visitId: string; note?: string; seenVersion?: string; application?: TApplicationInput },
  now = new Date(),
) {
  return runOnce(
    db,
    { actor: caller.actor, key: caller.key, action: `complete ${input.visitId}` },
    async (tx): Promise<FieldActionResult> => {
      const visit = await lockTodaysVisit(tx, input.visitId, caller, input.seenVersion, now);
      assertStillToDo(visit);
      const application = input.application && { input: input.application, author: fieldAuthor(caller) };
      await changeVisitStatus(tx, visit.visitId, "completed", now, caller.crewScope, application);
      await saveReport(
        tx,
        visit,
        { completedAt: now, completionNote: input.note?.trim() || null, problemReason: null, problemAt: null },
        now,
      );
      return { stop: await stopOf(tx, visit) };
    },
  );
}

/** Who writes a record sent from the field: the signed-in member (their crew's, or the office), or an API key. */
function fieldAuthor(caller: FieldCaller): ApplicationAuthor {
  const apiKeyId = caller.actor.startsWith("key:") ? Number(caller.actor.slice(4)) : null;
  return {
    staffUserId: caller.staffUserId,
    apiKeyId,
    crewId: caller.crewScope?.crewId ?? null,
    via: apiKeyId !== null ? "api" : caller.crewScope ? "crew" : "office",
  };
}

/** "Can't do it": the crew's reason, which the office sees at once on the dashboard and the visit. */
export function reportProblem(
  db: Db,
  caller: FieldCaller,
  input: { visitId: string; reason: string; seenVersion?: string },
  now = new Date(),
) {
  return runOnce(
    db,
    { actor: caller.actor, key: caller.key, action: `cant-do ${input.visitId}` },
    async (tx): Promise<FieldActionResult> => {
      const visit = await lockTodaysVisit(tx, input.visitId, caller, input.seenVersion, now);
      assertStillToDo(visit);
      await saveReport(tx, visit, { problemReason: input.reason.trim(), problemAt: now }, now);
      return { stop: await stopOf(tx, visit) };
    },
  );
}

export { lockTodaysVisit };
