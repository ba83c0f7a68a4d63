import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, businessInstant, businessToday } from "@/lib/business-time";
import { getDb } from "@/server/db";
import { customers, emailOutbox, enrollmentRounds, services } from "@/server/db/schema";
import { insertPlan } from "#test/fixtures/plans";
import { createCustomer, customerCaller, rest, staffCaller, staffCookie } from "#test/support/helpers";
import { enroll, getEnrollment, listEnrollments, setRenewal } from "./enrollments";
import { runProgramRenewals } from "./renewal";
import { NO_ROUND_TO_SKIP, ROUND_ALREADY_PLANNED } from "./customer-enrollments";

// Lawn programs staff define and the customers enrolled in them (docs/product-rules.md#lawn-programs).

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

async function treatmentServices() {
  const db = await getDb();
  const [flat, perSqFt] = await db
    .insert(services)
    .values([
      { name: `Fertilization ${unique()}`, price: 6000, duration: 45, category: "fertilization" },
      { name: `Weed control ${unique()}`, price: 5000, pricePerSqFt: 5, duration: 45, category: "fertilization" },
    ])
    .returning();
  return { flat: flat!, perSqFt: perSqFt! };
}

function programForm(serviceIds: { flat: number; perSqFt: number }, name = `Six-step ${unique()}`) {
  return {
    name,
    description: "Feeding and weed control through the season",
    rounds: [
      {
        serviceId: serviceIds.flat,
        windowStart: "02-15",
        windowEnd: "03-31",
        minDaysSincePrevious: 0,
        purpose: "Pre-emergent crabgrass control",
        price: 6000,
      },
      {
        serviceId: serviceIds.perSqFt,
        windowStart: "04-01",
        windowEnd: "05-31",
        minDaysSincePrevious: 42,
        purpose: "Broadleaf weeds and spring feeding",
        price: 5000,
        pricePerSqFt: 5,
      },
    ],
  };
}

describe("lawn programs", () => {
  it("are defined with ordered rounds, edited, retired and refused with plain messages", async () => {
    const staff = await staffCaller();
    const { flat, perSqFt } = await treatmentServices();
    const form = programForm({ flat: flat.id, perSqFt: perSqFt.id });
    const program = await staff.programs.add(form);
    expect(program.rounds.map((round) => [round.position, round.windowStart, round.windowEnd, round.serviceName])).toEqual([
      [1, "02-15", "03-31", flat.name],
      [2, "04-01", "05-31", perSqFt.name],
    ]);
    await expect(staff.programs.add(form)).rejects.toThrow("Another active program has this name.");

    const edited = await staff.programs.update({ id: program.id, ...form, rounds: [form.rounds[1]!] });
    expect(edited.rounds).toHaveLength(1);
    expect(edited.rounds[0]!.purpose).toBe("Broadleaf weeds and spring feeding");

    const retired = await staff.programs.retire({ id: program.id });
    expect(retired.active).toBe(false);
    expect((await staff.programs.list({ status: "active" })).some((each) => each.id === program.id)).toBe(false);

    const cookie = await staffCookie();
    const bad = async (body: unknown) => rest("POST", "/programs", { headers: { cookie }, body });
    const closesFirst = await bad({
      ...form,
      name: `x${unique()}`,
      rounds: [{ ...form.rounds[0], windowStart: "04-01", windowEnd: "03-01" }],
    });
    expect(closesFirst.status).toBe(400);
    expect(JSON.stringify(closesFirst.json)).toContain("A round's window must open on or before it closes");
    const noSuchDay = await bad({ ...form, name: `x${unique()}`, rounds: [{ ...form.rounds[0], windowStart: "02-30" }] });
    expect(noSuchDay.status).toBe(400);
    expect(JSON.stringify(noSuchDay.json)).toContain("month-day");
    const noRounds = await bad({ ...form, name: `x${unique()}`, rounds: [] });
    expect(JSON.stringify(noRounds.json)).toContain("A program has from 1 to 24 rounds");
    const unknownProduct = await bad({
      ...form,
      name: `x${unique()}`,
      rounds: [{ ...form.rounds[0], products: [{ productId: 999999, rate: 1 }] }],
    });
    expect(unknownProduct.status).toBe(400);
    expect(JSON.stringify(unknownProduct.json)).toContain("not on the active list");
  });

  it("enroll a customer: the rounds are copied and priced for the lawn, once a season", async () => {
    const staff = await staffCaller();
    const ids = await treatmentServices();
    const program = await staff.programs.add(programForm({ flat: ids.flat.id, perSqFt: ids.perSqFt.id }));
    const { customer } = await createCustomer({ fullName: "Enrolled Customer" });
    // The customer's usual lawn, from their latest plan.
    await insertPlan({ customerId: customer.id, startTime: businessInstant("2030-05-01", "09:00"), lawnSizeSqFt: 6000 });

    const enrollment = await staff.programs.enroll({ customerId: customer.id, programId: program.id, season: 2031, autoRenew: true });
    expect(enrollment).toMatchObject({ season: 2031, lawnSizeSqFt: 6000, status: "active", source: "staff", autoRenew: true });
    expect(enrollment.rounds.map((round) => [round.position, round.price, round.state])).toEqual([
      [1, 6000, "waiting"],
      [2, 30_000, "waiting"],
    ]);
    expect(enrollment.nextRound).toMatchObject({ position: 1, opensOn: "2031-02-15", closesOn: "2031-03-31" });
    await expect(staff.programs.enroll({ customerId: customer.id, programId: program.id, season: 2031 })).rejects.toThrow(
      "already enrolled in this program for that season",
    );

    // Editing the program later leaves the season sold as it was.
    const form = programForm({ flat: ids.flat.id, perSqFt: ids.perSqFt.id }, program.name);
    await staff.programs.update({ id: program.id, ...form, rounds: [form.rounds[0]!] });
    expect((await staff.programs.enrollment({ id: enrollment.id })).rounds).toHaveLength(2);

    // A season whose rounds all closed is refused; with no season, the next one open is taken.
    const today = businessToday();
    await expect(
      staff.programs.enroll({ customerId: customer.id, programId: program.id, season: Number(today.slice(0, 4)) - 1 }),
    ).rejects.toThrow("Every round of that season's program has closed");
  }, 30_000);

  it("skip a round unless it is done or planned, and a cancelled enrollment has nothing due", async () => {
    const staff = await staffCaller();
    const ids = await treatmentServices();
    const program = await staff.programs.add(programForm({ flat: ids.flat.id, perSqFt: ids.perSqFt.id }));
    const { customer } = await createCustomer();
    const enrollment = await staff.programs.enroll({ customerId: customer.id, programId: program.id, season: 2031 });
    const skipped = await staff.programs.skipRound({ id: enrollment.id, position: 1, skipped: true });
    expect(skipped.rounds[0]).toMatchObject({ state: "skipped", skippedBy: "staff" });
    expect(skipped.nextRound?.position).toBe(2);
    const back = await staff.programs.skipRound({ id: enrollment.id, position: 1, skipped: false });
    expect(back.rounds[0]!.state).toBe("waiting");

    const plan = await insertPlan({ customerId: customer.id, startTime: businessInstant("2031-02-20", "09:00") });
    const db = await getDb();
    await db
      .update(enrollmentRounds)
      .set({ visitId: plan.id })
      .where(and(eq(enrollmentRounds.enrollmentId, enrollment.id), eq(enrollmentRounds.position, 1)));
    await expect(staff.programs.skipRound({ id: enrollment.id, position: 1, skipped: true })).rejects.toThrow("has a visit planned");

    const cancelled = await staff.programs.cancelEnrollment({ id: enrollment.id });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.nextRound).toBeNull();
    await expect(staff.programs.skipRound({ id: enrollment.id, position: 2, skipped: true })).rejects.toThrow("was cancelled");
  });
});

describe("a customer's lawn program in the portal", () => {
  it("shows only their own, once their account is confirmed; they skip the next round and stop the renewal", async () => {
    const staff = await staffCaller();
    const ids = await treatmentServices();
    const program = await staff.programs.add(programForm({ flat: ids.flat.id, perSqFt: ids.perSqFt.id }));
    const { customer } = await createCustomer({ password: "program-owner-1" });
    const { customer: other } = await createCustomer({ password: "program-owner-2" });
    const { customer: unconfirmed } = await createCustomer({ password: "program-owner-3" });
    const db = await getDb();
    await db.update(customers).set({ isVerified: false }).where(eq(customers.id, unconfirmed.id));
    const mine = await enroll(db, { customerId: customer.id, programId: program.id, season: 2031, autoRenew: true }, { source: "staff" });
    const theirs = await enroll(db, { customerId: other.id, programId: program.id, season: 2031, autoRenew: true }, { source: "staff" });
    await enroll(db, { customerId: unconfirmed.id, programId: program.id, season: 2031, autoRenew: false }, { source: "staff" });

    const portal = await customerCaller(customer.id);
    expect((await portal.customerPrograms.list()).map((each) => each.id)).toEqual([mine.id]);
    expect(await (await customerCaller(unconfirmed.id)).customerPrograms.list()).toEqual([]);

    // Another customer's enrollment reads as not found, whatever is asked of it.
    await expect(portal.customerPrograms.skipRound({ id: theirs.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(portal.customerPrograms.setRenewal({ id: theirs.id, autoRenew: false })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getEnrollment(db, theirs.id)).rounds.every((round) => round.skippedBy === null)).toBe(true);

    const skipped = await portal.customerPrograms.skipRound({ id: mine.id });
    expect(skipped.rounds[0]).toMatchObject({ state: "skipped", skippedBy: "customer" });
    expect(skipped.nextRound?.position).toBe(2);
    // The next round has a visit planned: it is changed through that visit.
    const plan = await insertPlan({ customerId: customer.id, startTime: businessInstant(addDays("2031-04-01", 3), "09:00") });
    await db
      .update(enrollmentRounds)
      .set({ visitId: plan.id })
      .where(and(eq(enrollmentRounds.enrollmentId, mine.id), eq(enrollmentRounds.position, 2)));
    await expect(portal.customerPrograms.skipRound({ id: mine.id })).rejects.toThrow(ROUND_ALREADY_PLANNED);
    await db.update(enrollmentRounds).set({ visitId: null }).where(eq(enrollmentRounds.enrollmentId, mine.id));
    await portal.customerPrograms.skipRound({ id: mine.id });
    await expect(portal.customerPrograms.skipRound({ id: mine.id })).rejects.toThrow(NO_ROUND_TO_SKIP);

    const stopped = await portal.customerPrograms.setRenewal({ id: mine.id, autoRenew: false });
    expect(stopped.autoRenew).toBe(false);
    expect(stopped.renewalStoppedAt).toBeInstanceOf(Date);
  });
});

describe("renewing a program for the next season", () => {
  it("tells the customer once, 30 days ahead, renews when the first window opens, and renews nothing stopped", async () => {
    const staff = await staffCaller();
    const ids = await treatmentServices();
    const program = await staff.programs.add(programForm({ flat: ids.flat.id, perSqFt: ids.perSqFt.id }));
    const db = await getDb();
    const { customer } = await createCustomer({ fullName: "Renewing Customer" });
    const { customer: stopper } = await createCustomer({ fullName: "Stopping Customer" });
    const renewing = await enroll(
      db,
      { customerId: customer.id, programId: program.id, season: 2031, autoRenew: true },
      { source: "staff" },
    );
    const stopping = await enroll(
      db,
      { customerId: stopper.id, programId: program.id, season: 2031, autoRenew: true },
      { source: "staff" },
    );
    await setRenewal(db, { enrollmentId: stopping.id, autoRenew: false });
    const notices = async () =>
      (await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "program_renewal"))).filter((email) =>
        [customer.email, stopper.email].includes(email.to),
      );

    // 2032's first window opens on 15 February: nothing before 16 January.
    await runProgramRenewals(db, businessInstant("2032-01-15", "09:00"));
    expect(await notices()).toEqual([]);
    await runProgramRenewals(db, businessInstant("2032-01-16", "09:00"));
    await runProgramRenewals(db, businessInstant("2032-01-17", "09:00"));
    const sent = await notices();
    expect(sent.map((email) => email.to)).toEqual([customer.email]);
    expect(sent[0]!.subject).toContain("renews for 2032 on February 15, 2032");

    const seasonsOf = async () => (await listEnrollments(db, { programId: program.id })).map((each) => each.season);
    await runProgramRenewals(db, businessInstant("2032-02-14", "09:00"));
    expect(await seasonsOf()).toEqual([2031, 2031]);
    await runProgramRenewals(db, businessInstant("2032-02-15", "09:00"));
    await runProgramRenewals(db, businessInstant("2032-02-16", "09:00"));
    const seasons = await listEnrollments(db, { programId: program.id }, businessInstant("2032-02-16", "09:00"));
    expect(seasons.map((each) => [each.customerId, each.season, each.source])).toEqual([
      [customer.id, 2032, "renewal"],
      [customer.id, 2031, "staff"],
      [stopper.id, 2031, "staff"],
    ]);
    expect((await notices()).length).toBe(1);
    expect(renewing.autoRenew).toBe(true);
  });
});
