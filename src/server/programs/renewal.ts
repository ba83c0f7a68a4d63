import { and, count, eq, gte, inArray, isNull, lte, min } from "drizzle-orm";
import { addDays, businessToday } from "@/lib/business-time";
import { RENEWAL_NOTICE_DAYS, seasonDay } from "@/lib/programs";
import type { Db } from "@/server/db";
import { customers, enrollments, programRounds, programs } from "@/server/db/schema";
import { sendEmail } from "@/server/email/send-email";
import { programRenewalEmail } from "@/server/email/templates/programs";
import { ConflictError, InvalidInputError } from "@/server/errors";
import { enroll } from "./enrollments";

/**
 * Renewals of auto-renewing enrollments (docs/product-rules.md#lawn-programs). `RENEWAL_NOTICE_DAYS`
 * before the next season's first window opens, the customer is told once; the next season's
 * enrollment is made when that window opens, and never sooner than that many days after the notice
 * went (a late notice moves the day, so the customer always has the time to stop it). A renewal the
 * customer stopped, an enrollment cancelled or a program retired renews nothing.
 */
export async function runProgramRenewals(db: Db, now = new Date()): Promise<{ noticed: number; renewed: number }> {
  const today = businessToday(now);
  const year = Number(today.slice(0, 4));
  const candidates = await db
    .select({ enrollment: enrollments, programName: programs.name, fullName: customers.fullName, email: customers.email })
    .from(enrollments)
    .innerJoin(programs, and(eq(programs.id, enrollments.programId), eq(programs.active, true)))
    .innerJoin(customers, eq(customers.id, enrollments.customerId))
    .where(
      and(
        eq(enrollments.status, "active"),
        eq(enrollments.autoRenew, true),
        isNull(enrollments.renewalStoppedAt),
        gte(enrollments.season, year - 1),
        lte(enrollments.season, year),
      ),
    );
  if (candidates.length === 0) return { noticed: 0, renewed: 0 };
  const programIds = [...new Set(candidates.map(({ enrollment }) => enrollment.programId))];
  // Each program's first window and number of rounds, as it is now (renewal enrolls in it as it is).
  const shapes = await db
    .select({ programId: programRounds.programId, opens: min(programRounds.windowStart), rounds: count() })
    .from(programRounds)
    .where(inArray(programRounds.programId, programIds))
    .groupBy(programRounds.programId);
  const renewedAlready = await db
    .select({ customerId: enrollments.customerId, programId: enrollments.programId, season: enrollments.season })
    .from(enrollments)
    .where(and(inArray(enrollments.programId, programIds), gte(enrollments.season, year)));

  let noticed = 0;
  let renewed = 0;
  for (const { enrollment, programName, fullName, email } of candidates) {
    const next = enrollment.season + 1;
    const shape = shapes.find((row) => row.programId === enrollment.programId);
    if (!shape?.opens) continue;
    const opens = shape.opens;
    const opensOn = seasonDay(next, opens);
    if (today < addDays(opensOn, -RENEWAL_NOTICE_DAYS)) continue;
    const exists = renewedAlready.some(
      (row) => row.customerId === enrollment.customerId && row.programId === enrollment.programId && row.season === next,
    );
    if (exists) continue;

    let noticeSentOn = enrollment.renewalNoticeSentAt ? businessToday(enrollment.renewalNoticeSentAt) : null;
    if (noticeSentOn === null) {
      const renewsOn = [opensOn, addDays(today, RENEWAL_NOTICE_DAYS)].sort().at(-1)!;
      await db.transaction(async (tx) => {
        await sendEmail(
          tx,
          programRenewalEmail(
            { fullName, email },
            {
              programName,
              season: next,
              renewsOn,
              rounds: shape.rounds,
            },
          ),
          { idempotencyKey: `program-renewal:${enrollment.id}` },
        );
        await tx.update(enrollments).set({ renewalNoticeSentAt: now, updatedAt: now }).where(eq(enrollments.id, enrollment.id));
      });
      noticed++;
      noticeSentOn = today;
    }
    const renewsOn = [opensOn, addDays(noticeSentOn, RENEWAL_NOTICE_DAYS)].sort().at(-1)!;
    if (today < renewsOn) continue;
    try {
      await enroll(
        db,
        {
          customerId: enrollment.customerId,
          programId: enrollment.programId,
          season: next,
          lawnSizeSqFt: enrollment.lawnSizeSqFt,
          autoRenew: true,
        },
        { source: "renewal", renewedFromId: enrollment.id, now },
      );
      renewed++;
    } catch (error) {
      // Enrolled meanwhile by staff, or the program's rounds all closed for that season: nothing to renew.
      if (!(error instanceof ConflictError) && !(error instanceof InvalidInputError)) throw error;
    }
  }
  return { noticed, renewed };
}
