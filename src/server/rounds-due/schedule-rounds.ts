import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { addDays, businessInstant, businessToday, formatBusinessDate } from "@/lib/business-time";
import { CREW_HOLDING_STATUSES } from "@/lib/schedule-enums";
import { isBookableDate, TIME_SLOTS } from "@/lib/slots";
import { ROUNDS_DUE_MESSAGES, type TScheduleRoundsInput } from "@/lib/validation/rounds-due";
import { assertActiveCrew } from "@/server/crews/crews-repository";
import type { Db } from "@/server/db";
import { enrollmentRounds, schedules, visits } from "@/server/db/schema";
import { ConflictError, InvalidInputError } from "@/server/errors";
import { emit } from "@/server/events/emit";
import { dayAvailability } from "@/server/schedules/availability";
import { assertCrewFree } from "@/server/schedules/crew-assignment";
import { lockCapacityForDates } from "@/server/schedules/crew-capacity";
import { createPlanVisits } from "@/server/schedules/plan-visits";
import { overlapping } from "@/server/schedules/visits";
import { loadEnrollments, type LoadedEnrollment, type LoadedRound } from "./enrollment-rounds";
import { planningStandings } from "./planning-standings";
import type { TScheduleRoundsResponse } from "./schemas";

const dayLabel = (day: string) => formatBusinessDate(businessInstant(day, "12:00"), "MMMM d");

/** How a round is named in a refusal: whose, which, of what. */
const roundName = (enrollment: LoadedEnrollment, position: number) =>
  `${enrollment.customerName}'s round ${position} of ${enrollment.programName} (${enrollment.season})`;

type Picked = { enrollment: LoadedEnrollment; round: LoadedRound };

/**
 * Locks the picked rounds' rows (in one order, so two schedulers never wait on each other in a
 * circle), then reads them and their enrollments' other rounds afresh: a round someone else
 * scheduled in the meantime is seen as scheduled. Refuses, naming the round, any that may not be
 * done on `day`.
 */
async function lockPickedRounds(tx: Db, input: TScheduleRoundsInput, today: string): Promise<Picked[]> {
  const refs = [...input.rounds].sort((a, b) => a.enrollmentId - b.enrollmentId || a.position - b.position);
  const keys = new Set(refs.map((ref) => `${ref.enrollmentId}:${ref.position}`));
  if (keys.size !== refs.length || new Set(refs.map((ref) => ref.enrollmentId)).size !== refs.length)
    throw new InvalidInputError("Pick each enrollment's round once: its next round is scheduled first", "rounds");
  await tx
    .select({ enrollmentId: enrollmentRounds.enrollmentId })
    .from(enrollmentRounds)
    .where(
      sql`(${enrollmentRounds.enrollmentId}, ${enrollmentRounds.position}) in (${sql.join(
        refs.map((ref) => sql`(${ref.enrollmentId}::int, ${ref.position}::int)`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(enrollmentRounds.enrollmentId), asc(enrollmentRounds.position))
    .for("update");
  const enrollments = new Map(
    (await loadEnrollments(tx, [...new Set(refs.map((ref) => ref.enrollmentId))])).map((found) => [found.id, found]),
  );

  return input.rounds.map((ref) => {
    const enrollment = enrollments.get(ref.enrollmentId);
    const round = enrollment?.rounds.find((candidate) => candidate.position === ref.position);
    if (!enrollment || !round) throw new InvalidInputError(`Enrollment ${ref.enrollmentId} has no round ${ref.position}`, "rounds");
    const name = roundName(enrollment, ref.position);
    const standing = planningStandings(enrollment, today).find((candidate) => candidate.position === ref.position)!;
    switch (standing.state) {
      case "scheduled":
      case "done":
        throw new ConflictError(`${name} is already scheduled: refresh the list.`);
      case "skipped":
        throw new ConflictError(`${name} was skipped: refresh the list.`);
      case "cancelled":
        throw new ConflictError(`${name} belongs to a cancelled enrollment: refresh the list.`);
      case "missed":
        throw new InvalidInputError(`${name} was missed: its window closed on ${dayLabel(standing.closesOn)}.`, "rounds");
    }
    if (input.day < standing.dueFrom || input.day > standing.closesOn)
      throw new InvalidInputError(
        `${name} can be done from ${dayLabel(standing.dueFrom)} to ${dayLabel(standing.closesOn)}; pick a day inside those.`,
        "day",
      );
    return { enrollment, round };
  });
}

/** The chosen crew's crew-holding visits that day, so each round finds a time the crew is free. */
async function crewBusyTimes(tx: Db, crewId: number, day: string) {
  const dayStart = businessInstant(day, "00:00");
  const dayEnd = businessInstant(addDays(day, 1), "00:00");
  return tx
    .select({ startTime: visits.startTime, endTime: visits.endTime })
    .from(visits)
    .where(and(eq(visits.crewId, crewId), inArray(visits.status, [...CREW_HOLDING_STATUSES]), overlapping(dayStart, dayEnd)));
}

/**
 * Schedules the picked due rounds on one day, in one step (docs/product-rules.md#rounds-due): each
 * becomes a one-time visit of the round's service at the round's price, at the day's first offered
 * time with a free crew (and, when staff chose a crew, when that crew is free). A round that finds
 * no such time waits on the day, pending and unassigned, flagged as needing a time, as an accepted
 * quote's visit does. All or nothing: one round refused refuses the request.
 */
export async function scheduleRounds(db: Db, input: TScheduleRoundsInput, now = new Date()): Promise<TScheduleRoundsResponse> {
  const today = businessToday(now);
  if (!isBookableDate(input.day, now)) throw new InvalidInputError(ROUNDS_DUE_MESSAGES.dayTooSoon, "day");
  const crewId = input.crewId ?? null;
  return db.transaction(async (tx) => {
    await assertActiveCrew(tx, crewId);
    const picked = await lockPickedRounds(tx, input, today);
    await lockCapacityForDates(tx, [input.day]);
    const crewBusy = crewId === null ? [] : await crewBusyTimes(tx, crewId, input.day);
    const scheduled: TScheduleRoundsResponse["scheduled"] = [];

    for (const { enrollment, round } of picked) {
      const day = await dayAvailability(tx, { date: input.day, durationMinutes: round.durationMinutes, now });
      const crewFree = (slot: { startTime: Date; endTime: Date }) =>
        !crewBusy.some((busy) => busy.startTime < slot.endTime && busy.endTime > slot.startTime);
      const slot = day.slots.find((candidate) => candidate.available && crewFree(candidate)) ?? null;
      const startTime = slot?.startTime ?? businessInstant(input.day, TIME_SLOTS[0]);
      const endTime = new Date(startTime.getTime() + round.durationMinutes * 60_000);
      const [plan] = await tx
        .insert(schedules)
        .values({
          customerId: enrollment.customerId,
          serviceId: round.serviceId,
          crewId: slot ? crewId : null,
          date: startTime,
          startTime,
          endTime,
          status: slot ? "confirmed" : "pending",
          notes: `Round ${round.position} of ${enrollment.programName} (${enrollment.season}): ${round.purpose}.`,
          isRecurring: false,
          lawnSizeSqFt: enrollment.lawnSizeSqFt,
          totalPrice: round.price,
          address: enrollment.address,
          city: enrollment.city,
          state: enrollment.state,
          zipCode: enrollment.zipCode,
          bookedVia: "office",
        })
        .returning();
      await emit(tx, { type: "plan.saved", scheduleId: plan!.id });
      await createPlanVisits(tx, plan!, "staff", now);
      // The flag the schedule and the dashboard read; giving the visit a time clears it.
      if (!slot) await tx.update(visits).set({ needsTime: true }).where(eq(visits.id, plan!.id));
      else if (crewId !== null) crewBusy.push({ startTime, endTime });
      await tx
        .update(enrollmentRounds)
        .set({ visitId: plan!.id })
        .where(and(eq(enrollmentRounds.enrollmentId, enrollment.id), eq(enrollmentRounds.position, round.position)));
      await assertCrewFree(tx, { scheduleId: plan!.id }, now);
      scheduled.push({
        enrollmentId: enrollment.id,
        position: round.position,
        customerName: enrollment.customerName,
        visitId: plan!.id,
        startTime,
        endTime,
        crewId: slot ? crewId : null,
        needsTime: !slot,
      });
    }
    return { day: input.day, scheduled, needingTime: scheduled.filter((round) => round.needsTime).length };
  });
}
