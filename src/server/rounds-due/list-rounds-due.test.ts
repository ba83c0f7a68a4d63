import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessInstant } from "@/lib/business-time";
import { ROUNDS_DUE_MESSAGES } from "@/lib/validation/rounds-due";
import { getDb } from "@/server/db";
import { enrollmentRounds } from "@/server/db/schema";
import { insertPlan } from "#test/fixtures/plans";
import { enroll, insertProgram } from "#test/fixtures/programs";
import { createCustomer, rest, staffCookie } from "#test/support/helpers";
import { listRoundsDue } from "./list-rounds-due";

const SEASON = 2030;
/** Noon in Austin on April 10 of the season. */
const APRIL_10 = businessInstant("2030-04-10", "12:00");

const ROUNDS = [
  { windowStart: "02-01", windowEnd: "03-31" },
  { windowStart: "04-01", windowEnd: "05-15", minDaysSincePrevious: 40 },
  { windowStart: "05-01", windowEnd: "06-30", minDaysSincePrevious: 42 },
  { windowStart: "09-01", windowEnd: "10-31", minDaysSincePrevious: 30 },
];

async function enrolled(zipCode = "78704", values: Parameters<typeof enroll>[3] = {}) {
  const { program } = await insertProgram(ROUNDS);
  const { customer } = await createCustomer({ zipCode, fullName: `Lawn ${zipCode} ${Math.random().toString(36).slice(2, 7)}` });
  const enrollment = await enroll(customer.id, program.id, SEASON, values);
  return { customer, enrollment };
}

/** Gives a round a visit on `day` with `status`, as scheduling it (and the crew's work) would have. */
async function visitFor(
  enrollment: { id: number; customerId: number },
  position: number,
  day: string,
  status: "completed" | "pending" | "cancelled",
) {
  const plan = await insertPlan({ customerId: enrollment.customerId, startTime: businessInstant(day, "10:00"), status });
  const db = await getDb();
  await db
    .update(enrollmentRounds)
    .set({ visitId: plan.id })
    .where(and(eq(enrollmentRounds.enrollmentId, enrollment.id), eq(enrollmentRounds.position, position)));
}

async function skip(enrollmentId: number, position: number) {
  const db = await getDb();
  await db
    .update(enrollmentRounds)
    .set({ skippedAt: APRIL_10, skippedBy: "customer" })
    .where(and(eq(enrollmentRounds.enrollmentId, enrollmentId), eq(enrollmentRounds.position, position)));
}

const dueOf = async (enrollmentId: number, from: string, to: string, now = APRIL_10) => {
  const list = await listRoundsDue(await getDb(), { from, to }, now);
  return {
    due: list.areas.flatMap((area) => area.rounds).filter((round) => round.enrollmentId === enrollmentId),
    missed: list.missed.filter((round) => round.enrollmentId === enrollmentId),
    list,
  };
};

describe("rounds due: the rules on the database", () => {
  it("lists the round whose window is open, and the round whose window closed unscheduled as missed", async () => {
    const { enrollment, customer } = await enrolled();
    const { due, missed } = await dueOf(enrollment.id, "2030-03-15", "2030-04-30");
    expect(due).toEqual([
      expect.objectContaining({
        position: 2,
        state: "due",
        dueFrom: "2030-04-01",
        closesOn: "2030-05-15",
        customerName: customer.fullName,
      }),
    ]);
    expect(due[0]).toMatchObject({ roundCount: 4, zipCode: "78704", price: 6500, season: SEASON, address: customer.address });
    expect(missed).toEqual([expect.objectContaining({ position: 1, state: "missed", closesOn: "2030-03-31" })]);
    // A range after the window's close does not list it again as missed.
    expect((await dueOf(enrollment.id, "2030-04-01", "2030-04-30")).missed).toEqual([]);
  });

  it("waits for the gap after the last round done", async () => {
    const { enrollment } = await enrolled();
    await visitFor(enrollment, 1, "2030-03-20", "completed");
    // 40 days after March 20 is April 29.
    expect((await dueOf(enrollment.id, "2030-04-10", "2030-04-28")).due).toEqual([]);
    const { due, missed } = await dueOf(enrollment.id, "2030-04-25", "2030-05-05");
    expect(due).toEqual([expect.objectContaining({ position: 2, state: "waiting", dueFrom: "2030-04-29" })]);
    expect(missed).toEqual([]);
  });

  it("passes over a skipped round to the next one", async () => {
    const { enrollment } = await enrolled();
    await visitFor(enrollment, 1, "2030-03-01", "completed");
    await skip(enrollment.id, 2);
    const { due } = await dueOf(enrollment.id, "2030-04-10", "2030-05-10");
    expect(due).toEqual([expect.objectContaining({ position: 3, state: "waiting", dueFrom: "2030-05-01" })]);
  });

  it("lists nothing after the season's last window, and the last round as missed when its window closed", async () => {
    const { enrollment } = await enrolled();
    const november = businessInstant("2030-11-15", "12:00");
    const late = await dueOf(enrollment.id, "2030-11-01", "2030-12-31", november);
    expect(late.due).toEqual([]);
    const autumn = await dueOf(enrollment.id, "2030-10-15", "2030-11-14", november);
    expect(autumn.missed).toEqual([expect.objectContaining({ position: 4, closesOn: "2030-10-31" })]);
    // Next season's range does not reach back into this one.
    expect((await dueOf(enrollment.id, "2031-01-01", "2031-02-28", november)).due).toEqual([]);
  });

  it("lists a round again once its visit is cancelled, but not while its visit is planned", async () => {
    const planned = await enrolled();
    await visitFor(planned.enrollment, 2, "2030-04-20", "pending");
    expect((await dueOf(planned.enrollment.id, "2030-04-10", "2030-04-30")).due).toEqual([]);

    const cancelled = await enrolled();
    await visitFor(cancelled.enrollment, 2, "2030-04-20", "cancelled");
    expect((await dueOf(cancelled.enrollment.id, "2030-04-10", "2030-04-30")).due).toEqual([
      expect.objectContaining({ position: 2, state: "due" }),
    ]);
  });

  it("counts the gap from an earlier round already planned, so two rounds are never planned too close", async () => {
    const { enrollment } = await enrolled();
    await visitFor(enrollment, 2, "2030-04-20", "pending");
    // Round 3 (gap 42 days) may follow round 2's planned day, April 20, from June 1.
    const { due } = await dueOf(enrollment.id, "2030-05-01", "2030-06-30");
    expect(due).toEqual([expect.objectContaining({ position: 3, state: "waiting", dueFrom: "2030-06-01" })]);
  });

  it("passes over a round whose gap runs past its window's close, and shows it missed once the window closes", async () => {
    const { enrollment } = await enrolled();
    // Round 2 (gap 40 days, window to May 15) cannot follow a round done on April 8: June 1 is too late.
    await visitFor(enrollment, 1, "2030-04-08", "completed");
    const { due } = await dueOf(enrollment.id, "2030-04-10", "2030-05-31");
    expect(due).toEqual([expect.objectContaining({ position: 3, dueFrom: "2030-05-20" })]);
    const june = await dueOf(enrollment.id, "2030-05-01", "2030-05-31", businessInstant("2030-06-01", "12:00"));
    expect(june.missed).toEqual([expect.objectContaining({ position: 2, closesOn: "2030-05-15" })]);
  });

  it("lists nothing of a cancelled enrollment, not even its missed rounds", async () => {
    const { enrollment } = await enrolled("78704", { status: "cancelled", cancelledAt: APRIL_10 });
    const { due, missed } = await dueOf(enrollment.id, "2030-03-01", "2030-04-30");
    expect(due).toEqual([]);
    expect(missed).toEqual([]);
  });

  it("groups the due rounds by the service address's ZIP code, in order", async () => {
    const a = await enrolled("78745");
    const b = await enrolled("78701");
    const c = await enrolled("78745");
    const { list } = await dueOf(a.enrollment.id, "2030-04-10", "2030-04-30");
    const zips = list.areas.map((area) => area.zipCode);
    expect(zips).toEqual([...new Set(zips)].sort());
    const area = list.areas.find((candidate) => candidate.zipCode === "78745")!;
    expect(area.rounds.map((round) => round.enrollmentId)).toEqual(expect.arrayContaining([a.enrollment.id, c.enrollment.id]));
    expect(list.areas.find((candidate) => candidate.zipCode === "78701")!.rounds.map((round) => round.enrollmentId)).toContain(
      b.enrollment.id,
    );
    expect(list.dueCount).toBe(list.areas.reduce((sum, candidate) => sum + candidate.rounds.length, 0));
  });
});

describe("rounds due: GET /rounds-due", () => {
  it("answers the list, and 400 naming the problem for a range too long or backwards", async () => {
    const cookie = await staffCookie();
    const ok = await rest("GET", "/rounds-due?from=2030-04-01&to=2030-05-31", { headers: { cookie } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ from: "2030-04-01", to: "2030-05-31" });
    const long = await rest("GET", "/rounds-due?from=2030-04-01&to=2030-06-02", { headers: { cookie } });
    expect(long.status).toBe(400);
    expect(long.json.message).toContain(ROUNDS_DUE_MESSAGES.length);
    const backwards = await rest("GET", "/rounds-due?from=2030-04-02&to=2030-04-01", { headers: { cookie } });
    expect(backwards.status).toBe(400);
    expect(backwards.json.message).toContain(ROUNDS_DUE_MESSAGES.order);
  });
});
