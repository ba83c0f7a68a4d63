import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessDateOf, businessInstant, formatBusinessDate } from "@/lib/business-time";
import { ROUNDS_DUE_MESSAGES } from "@/lib/validation/rounds-due";
import { listCrews } from "@/server/crews/crews-repository";
import { getDb } from "@/server/db";
import { enrollmentRounds, schedules, visits } from "@/server/db/schema";
import { ConflictError } from "@/server/errors";
import { insertPlan } from "#test/fixtures/plans";
import { enroll, insertProgram } from "#test/fixtures/programs";
import { createCustomer, rest, staffCookie } from "#test/support/helpers";
import { listRoundsDue } from "./list-rounds-due";
import { scheduleRounds } from "./schedule-rounds";

const SEASON = 2031;
const NOW = businessInstant("2031-04-10", "12:00");
const ROUNDS = [
  { windowStart: "02-01", windowEnd: "03-31" },
  { windowStart: "04-01", windowEnd: "05-15", minDaysSincePrevious: 40, price: 7250 },
];

/** An enrollment whose round 2 is due on NOW (round 1 was missed). */
async function dueRound(fullName = `Yard ${Math.random().toString(36).slice(2, 7)}`) {
  const { program } = await insertProgram(ROUNDS);
  const { customer } = await createCustomer({ fullName, zipCode: "78704" });
  const enrollment = await enroll(customer.id, program.id, SEASON, { lawnSizeSqFt: 5200 });
  return { customer, enrollment, ref: { enrollmentId: enrollment.id, position: 2 } };
}

async function roundRow(enrollmentId: number, position = 2) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(enrollmentRounds)
    .where(and(eq(enrollmentRounds.enrollmentId, enrollmentId), eq(enrollmentRounds.position, position)));
  return row!;
}

const timeOf = (instant: Date) => formatBusinessDate(instant, "HH:mm");

describe("rounds due: scheduling from the list", () => {
  it("makes each round a one-time visit of its service at its price, at the day's first free time, and takes it off the list", async () => {
    const db = await getDb();
    const first = await dueRound();
    const second = await dueRound();
    const result = await scheduleRounds(db, { rounds: [first.ref, second.ref], day: "2031-04-21" }, NOW);
    expect(result.needingTime).toBe(0);
    expect(result.scheduled.map((round) => timeOf(round.startTime))).toEqual(["09:00", "09:00"]);

    const [visit] = await db.select().from(visits).where(eq(visits.id, result.scheduled[0]!.visitId));
    expect(visit).toMatchObject({
      customerId: first.customer.id,
      totalPrice: 7250,
      lawnSizeSqFt: 5200,
      status: "confirmed",
      needsTime: false,
      crewId: null,
      zipCode: "78704",
    });
    expect(visit!.serviceId).toBe((await roundRow(first.enrollment.id)).serviceId);
    expect((await roundRow(first.enrollment.id)).visitId).toBe(visit!.id);
    const [plan] = await db.select().from(schedules).where(eq(schedules.id, visit!.scheduleId));
    expect(plan).toMatchObject({ isRecurring: false, totalPrice: 7250 });

    const list = await listRoundsDue(db, { from: "2031-04-10", to: "2031-05-15" }, NOW);
    const listed = list.areas.flatMap((area) => area.rounds).map((round) => round.enrollmentId);
    expect(listed).not.toContain(first.enrollment.id);
    expect(listed).not.toContain(second.enrollment.id);
  });

  it("refuses, naming the round, a day outside its due days, and schedules none of the request", async () => {
    const db = await getDb();
    const fine = await dueRound();
    const early = await dueRound("Early Bird Lawn");
    await db
      .update(enrollmentRounds)
      .set({ windowStart: "04-25" })
      .where(and(eq(enrollmentRounds.enrollmentId, early.enrollment.id), eq(enrollmentRounds.position, 2)));
    await expect(scheduleRounds(db, { rounds: [fine.ref, early.ref], day: "2031-04-22" }, NOW)).rejects.toThrow(
      "Early Bird Lawn's round 2 of",
    );
    await expect(scheduleRounds(db, { rounds: [early.ref], day: "2031-04-22" }, NOW)).rejects.toThrow(
      "can be done from April 25 to May 15",
    );
    expect((await roundRow(fine.enrollment.id)).visitId).toBeNull();
  });

  it("puts a round on a full day in 'needs a time', pending and unassigned, as an accepted quote's visit", async () => {
    const db = await getDb();
    const day = "2031-04-23";
    const { customer } = await createCustomer();
    const crews = await listCrews(db);
    for (const time of ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"])
      for (const crew of crews)
        await insertPlan({ customerId: customer.id, startTime: businessInstant(day, time), crewId: crew.id, status: "confirmed" });
    const { ref, enrollment } = await dueRound();
    const result = await scheduleRounds(db, { rounds: [ref], day }, NOW);
    expect(result.needingTime).toBe(1);
    const [visit] = await db.select().from(visits).where(eq(visits.id, result.scheduled[0]!.visitId));
    expect(visit).toMatchObject({ needsTime: true, status: "pending", crewId: null });
    expect(businessDateOf(visit!.startTime)).toBe(day);
    expect((await roundRow(enrollment.id)).visitId).toBe(visit!.id);
  });

  it("gives the rounds to the chosen crew only when it is free, and keeps the crew to one visit at a time", async () => {
    const db = await getDb();
    const day = "2031-04-24";
    const [crew] = await listCrews(db);
    const { customer } = await createCustomer();
    await insertPlan({ customerId: customer.id, startTime: businessInstant(day, "09:00"), crewId: crew!.id, status: "confirmed" });
    const first = await dueRound();
    const second = await dueRound();
    const result = await scheduleRounds(db, { rounds: [first.ref, second.ref], day, crewId: crew!.id }, NOW);
    expect(result.scheduled.map((round) => [timeOf(round.startTime), round.crewId])).toEqual([
      ["10:00", crew!.id],
      ["11:00", crew!.id],
    ]);
  });

  it("refuses a crew that is not one of ours, a day before tomorrow, and two rounds of one enrollment at once", async () => {
    const db = await getDb();
    const { ref } = await dueRound();
    await expect(scheduleRounds(db, { rounds: [ref, { ...ref, position: 1 }], day: "2031-04-21" }, NOW)).rejects.toThrow(
      "Pick each enrollment's round once",
    );
    await expect(scheduleRounds(db, { rounds: [ref], day: "2031-04-21", crewId: 999_999 }, NOW)).rejects.toThrow("crew");
    await expect(scheduleRounds(db, { rounds: [ref], day: "2031-04-10" }, NOW)).rejects.toThrow(ROUNDS_DUE_MESSAGES.dayTooSoon);
  });

  it("makes one visit when two staff schedule the same round at once; the other is refused by name", async () => {
    const db = await getDb();
    const { ref, customer } = await dueRound("Twice Picked Lawn");
    const attempts = await Promise.allSettled([
      scheduleRounds(db, { rounds: [ref], day: "2031-04-25" }, NOW),
      scheduleRounds(db, { rounds: [ref], day: "2031-04-28" }, NOW),
    ]);
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
    const refused = attempts.find((attempt) => attempt.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ConflictError);
    expect(String(refused.reason.message)).toContain("Twice Picked Lawn's round 2");
    expect(await db.select().from(schedules).where(eq(schedules.customerId, customer.id))).toHaveLength(1);
  });

  it("schedules a round again once its visit was cancelled", async () => {
    const db = await getDb();
    const { ref } = await dueRound();
    const first = await scheduleRounds(db, { rounds: [ref], day: "2031-04-29" }, NOW);
    await db.update(visits).set({ status: "cancelled" }).where(eq(visits.id, first.scheduled[0]!.visitId));
    const again = await scheduleRounds(db, { rounds: [ref], day: "2031-04-30" }, NOW);
    expect(again.scheduled[0]!.visitId).not.toBe(first.scheduled[0]!.visitId);
  });
});

describe("rounds due: POST /rounds-due/schedule", () => {
  it("schedules through REST, and answers 400 naming the round for a day outside its window", async () => {
    const cookie = await staffCookie();
    const { ref } = await dueRound("Rest Route Lawn");
    const outside = await rest("POST", "/rounds-due/schedule", { headers: { cookie }, body: { rounds: [ref], day: "2031-03-20" } });
    expect(outside.status).toBe(400);
    expect(outside.json.message).toContain("Rest Route Lawn's round 2");
    const bad = await rest("POST", "/rounds-due/schedule", { headers: { cookie }, body: { rounds: [], day: "2031-04-20" } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain(ROUNDS_DUE_MESSAGES.rounds);
    const ok = await rest("POST", "/rounds-due/schedule", { headers: { cookie }, body: { rounds: [ref], day: "2031-04-20" } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ day: "2031-04-20", needingTime: 0 });
    const again = await rest("POST", "/rounds-due/schedule", { headers: { cookie }, body: { rounds: [ref], day: "2031-04-20" } });
    expect(again.status).toBe(409);
  });
});
