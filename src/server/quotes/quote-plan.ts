import { asc, eq, inArray } from "drizzle-orm";
import { addDays, businessDateOf, businessInstant, businessToday, startOfBusinessDay } from "@/lib/business-time";
import { formatCents } from "@/lib/money";
import { planVisitPrice, type PricedPlan } from "@/lib/quote-visit-price";
import type { Db } from "@/server/db";
import { schedules, visits } from "@/server/db/schema";
import { lockCapacityForDates } from "@/server/schedules/crew-capacity";
import { createPlanVisits } from "@/server/schedules/plan-visits";
import { findSeriesClashes } from "@/server/schedules/series-clashes";
import { findVisit, moveVisit } from "@/server/schedules/visits";
import type { LoadedVersion, QuoteRow } from "./quotes";

/**
 * The plan an accepted quote becomes, with its visits, inside the crews' capacity
 * (docs/product-rules.md#quotes). A visit landing where every crew is busy moves to a free time the
 * same day (the customer keeps their day); when the day has none it stays pending at its planned
 * time, flagged as needing a time (`visits.needs_time`) for staff to place. A first date already gone starts
 * tomorrow at the quoted time.
 */
export async function createQuotePlan(
  tx: Db,
  input: { customerId: number; quote: QuoteRow; version: LoadedVersion; acceptance: { total: number; signedName: string }; now: Date },
) {
  const { quote, version, now } = input;
  const tomorrow = addDays(businessToday(now), 1);
  const firstDate = version.planFirstDate < tomorrow ? tomorrow : version.planFirstDate;
  const startTime = businessInstant(firstDate, version.planStartTime);
  const endTime = new Date(startTime.getTime() + version.planDurationMinutes * 60_000);
  const recurring = version.planKind === "recurring";
  const price = planVisitPrice(input.acceptance.total, pricedPlanOf(version));
  const [plan] = await tx
    .insert(schedules)
    .values({
      customerId: input.customerId,
      serviceId: version.planServiceId,
      date: startTime,
      startTime,
      endTime,
      status: "pending",
      notes: `From quote Q-${quote.id} (version ${version.version}), accepted by ${input.acceptance.signedName}.`,
      isRecurring: recurring,
      recurringFrequency: recurring ? (version.planFrequency ?? "weekly") : null,
      recurringEndDate: recurring && version.planEndDate ? startOfBusinessDay(version.planEndDate) : null,
      totalPrice: price.perVisit,
      address: quote.address,
      city: quote.city,
      state: quote.state,
      zipCode: quote.zipCode,
      // Accepted through the link emailed to this address: the plan is booked under it, by the office's quote.
      bookedEmail: quote.email,
      bookedName: quote.fullName,
      bookedVia: "office",
    })
    .returning();
  await createPlanVisits(tx, plan!, "staff", now);

  const planVisits = await tx.select({ startTime: visits.startTime }).from(visits).where(eq(visits.scheduleId, plan!.id));
  await lockCapacityForDates(
    tx,
    planVisits.map((visit) => businessDateOf(visit.startTime)),
  );
  const needingTime: number[] = [];
  for (;;) {
    const clash = (await findSeriesClashes(tx, plan!.id, now)).find((found) => !needingTime.includes(found.visitId));
    if (!clash) break;
    const sameDay = clash.nearestFree && businessDateOf(clash.nearestFree.startTime) === businessDateOf(clash.startTime);
    const visit = sameDay ? await findVisit(tx, String(clash.visitId)) : null;
    // Placed while the plan is made: the acceptance's own email gives the times.
    if (visit && clash.nearestFree) {
      await moveVisit(tx, visit, clash.nearestFree.startTime, clash.nearestFree.endTime, { changedBy: "staff", quiet: true, now });
    } else needingTime.push(clash.visitId);
  }
  // The cents the total does not share evenly go on the first visit, so the visits add up to the quote.
  if (price.firstVisit !== price.perVisit) {
    const [first] = await tx
      .select({ id: visits.id })
      .from(visits)
      .where(eq(visits.scheduleId, plan!.id))
      .orderBy(asc(visits.startTime))
      .limit(1);
    if (first) await tx.update(visits).set({ totalPrice: price.firstVisit }).where(eq(visits.id, first.id));
  }
  // The flag the schedule, the dashboard and the quote's page read; giving the visit a time clears it.
  if (needingTime.length) await tx.update(visits).set({ needsTime: true }).where(inArray(visits.id, needingTime));
  return { scheduleId: plan!.id, visitsNeedingTime: needingTime };
}

/** A version's plan as the shared price rule reads it. */
export function pricedPlanOf(version: LoadedVersion): PricedPlan {
  return {
    kind: version.planKind,
    frequency: version.planFrequency,
    firstDate: version.planFirstDate,
    startTime: version.planStartTime,
    endDate: version.planEndDate,
    pricePerVisit: version.planPricePerVisit,
  };
}

/** The deposit paid comes off the first visits' prices, in order, until it is used up. */
export async function creditDeposit(tx: Db, scheduleId: number, deposit: number) {
  let left = deposit;
  const planVisits = await tx
    .select({ id: visits.id, totalPrice: visits.totalPrice, notes: visits.notes })
    .from(visits)
    .where(eq(visits.scheduleId, scheduleId))
    .orderBy(asc(visits.startTime));
  for (const visit of planVisits) {
    if (left <= 0) break;
    const credit = Math.min(left, visit.totalPrice);
    if (credit <= 0) continue;
    left -= credit;
    const note = `Deposit credit ${formatCents(credit)}.`;
    await tx
      .update(visits)
      .set({ totalPrice: visit.totalPrice - credit, notes: visit.notes ? `${visit.notes}\n${note}` : note })
      .where(eq(visits.id, visit.id));
  }
}
