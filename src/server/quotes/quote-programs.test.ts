import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, businessInstant, businessToday } from "@/lib/business-time";
import type { TQuoteOfferInput } from "@/lib/validation/quotes";
import { getDb } from "@/server/db";
import { emailOutbox, enrollments, payments, quoteAcceptances, schedules, services } from "@/server/db/schema";
import { quoteOffer } from "#test/fixtures/quotes";
import { anonymousCaller, createCustomer, rest, staffCaller, staffCookie } from "#test/support/helpers";
import { acceptQuote } from "./accept-quote";
import { settleQuoteDeposit } from "./deposit";
import { sendQuote } from "./quote-link";
import { PROGRAM_QUOTE_CHANGED } from "./quote-program";

// A quote whose plan is a lawn program: accepting it enrolls the customer (docs/product-rules.md#quotes).

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;
const season = Number(businessToday().slice(0, 4));

/** A program of rounds with these windows (month-days) and purposes, each 60.00, of one new service. */
async function programWith(rounds: Array<{ purpose: string; windowEnd?: string }>) {
  const db = await getDb();
  const [service] = await db
    .insert(services)
    .values({ name: `Fertilization ${unique()}`, price: 6000, duration: 45, category: "fertilization" })
    .returning();
  const staff = await staffCaller();
  const program = await staff.programs.add({
    name: `Program ${unique()}`,
    rounds: rounds.map(({ purpose, windowEnd = "12-31" }, index) => ({
      serviceId: service!.id,
      windowStart: "01-01",
      windowEnd,
      minDaysSincePrevious: index === 0 ? 0 : 30,
      purpose,
      price: 6000,
    })),
  });
  return { program, serviceId: service!.id };
}

/** Three rounds whose windows span the whole year, so all three are still to come whatever today is. */
async function threeRoundProgram() {
  return (await programWith([{ purpose: "Pre-emergent" }, { purpose: "Broadleaf weeds" }, { purpose: "Winterizer" }])).program;
}

const programPlan = (programId: number, more: Partial<NonNullable<TQuoteOfferInput["plan"]>> = {}) =>
  ({ kind: "program", programId, lawnSizeSqFt: 5000, autoRenew: false, ...more }) as const;

async function sentProgramQuote(offer: Partial<TQuoteOfferInput>, contact: { customerId: number } | { email: string }) {
  const staff = await staffCaller();
  const quote = await staff.quotes.create({
    ...quoteOffer(offer),
    ...("customerId" in contact
      ? { customerId: contact.customerId }
      : { contact: { fullName: "Dana Whitfield", email: contact.email, address: "4512 Avenue F", city: "Austin", zipCode: "78751" } }),
  });
  await staff.quotes.send({ id: quote.id });
  const db = await getDb();
  const [sent] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, quote.email), eq(emailOutbox.kind, "quote")))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const token = /\/q\/([a-z2-7]+)/.exec(sent?.body ?? "")?.[1];
  if (!token) throw new Error("The quote's email has no link");
  return { staff, quote, token };
}

async function enrollmentOfQuote(quoteId: number) {
  const [row] = await (await getDb()).select().from(enrollments).where(eq(enrollments.quoteId, quoteId));
  return row;
}

const accept = async (token: string) =>
  (await anonymousCaller()).quotePage.accept({ token, version: 1, signedName: "Dana Whitfield", agreeToTerms: true });

describe("a lawn program's quote", () => {
  it("is built with the program, its season and rounds to come, and refuses a missing or retired program", async () => {
    const program = await threeRoundProgram();
    const staff = await staffCaller();
    const { customer } = await createCustomer();
    const quote = await staff.quotes.create({ ...quoteOffer({ plan: programPlan(program.id) }), customerId: customer.id });
    expect(quote.version).toMatchObject({
      planKind: "program",
      planProgramId: program.id,
      planLawnSizeSqFt: 5000,
      planAutoRenew: false,
      planFirstDate: `${season}-01-01`,
    });
    expect(quote.program).toMatchObject({ id: program.id, season, active: true });
    expect(quote.program?.rounds.map((round) => round.purpose)).toEqual(["Pre-emergent", "Broadleaf weeds", "Winterizer"]);

    await expect(staff.quotes.create({ ...quoteOffer({ plan: { kind: "program" } }), customerId: customer.id })).rejects.toThrow(
      "Choose the lawn program",
    );
    await expect(staff.quotes.create({ ...quoteOffer({ plan: programPlan(999_999) }), customerId: customer.id })).rejects.toThrow(
      "Choose the lawn program",
    );
    await staff.programs.retire({ id: program.id });
    await expect(staff.quotes.revise({ id: quote.id, ...quoteOffer({ plan: programPlan(program.id) }) })).rejects.toThrow(
      "Choose an active lawn program",
    );
    // Over REST, the same plain answer names the field.
    const answer = await rest("POST", "/quotes", {
      headers: { cookie: await staffCookie() },
      body: { ...quoteOffer({ plan: programPlan(program.id) }), customerId: customer.id },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ message: "Choose an active lawn program" });
  });

  it("accepted, enrolls the customer for the season with the total shared across the rounds, and makes no plan", async () => {
    const program = await threeRoundProgram();
    const email = `program.${unique()}@example.com`;
    const { staff, quote, token } = await sentProgramQuote({ plan: programPlan(program.id) }, { email });
    const page = await (await anonymousCaller()).quotePage.view({ token });
    expect(page.plan).toMatchObject({ kind: "program", program: { season, autoRenew: false } });
    expect(page.plan.program?.rounds).toHaveLength(3);

    await expect(accept(token)).resolves.toEqual({ status: "accepted", deposit: 0 });
    const detail = await staff.quotes.get({ id: quote.id });
    expect(detail).toMatchObject({ status: "accepted", scheduleId: null });
    const enrollment = await staff.programs.enrollment({ id: detail.enrollmentId! });
    expect(enrollment).toMatchObject({
      customerId: detail.customerId,
      programId: program.id,
      season,
      source: "quote",
      autoRenew: false,
      lawnSizeSqFt: 5000,
    });
    // 1,020.00 + 8.25% tax = 1,104.15, shared by three rounds: 368.05 each.
    expect(enrollment.rounds.map((round) => round.price)).toEqual([36_805, 36_805, 36_805]);
    const db = await getDb();
    expect(await db.select().from(schedules).where(eq(schedules.customerId, detail.customerId!))).toEqual([]);

    const [copy] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "quote_accepted")));
    expect(copy?.body).toContain(`You are enrolled in ${program.name} for the ${season} season.`);

    // Accepting again changes nothing.
    await expect(accept(token)).rejects.toThrow();
    expect(await db.select().from(enrollments).where(eq(enrollments.quoteId, quote.id))).toHaveLength(1);
  });

  it("credits a deposit against the first rounds once it is paid, and keeps its word for a program retired since", async () => {
    const program = await threeRoundProgram();
    const { staff, quote, token } = await sentProgramQuote(
      { plan: programPlan(program.id, { autoRenew: true }), deposit: { kind: "amount", value: 40_000 } },
      { email: `deposit.${unique()}@example.com` },
    );
    await expect(accept(token)).resolves.toEqual({ status: "awaiting_deposit", deposit: 40_000 });
    expect(await enrollmentOfQuote(quote.id)).toBeUndefined();
    await staff.programs.retire({ id: program.id });

    const db = await getDb();
    const [acceptance] = await db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id));
    await db.update(payments).set({ status: "completed" }).where(eq(payments.id, acceptance!.paymentId!));
    await settleQuoteDeposit(db, acceptance!.paymentId!);
    await settleQuoteDeposit(db, acceptance!.paymentId!);

    const enrollment = await staff.programs.enrollment({ id: (await enrollmentOfQuote(quote.id))!.id });
    expect(enrollment).toMatchObject({ source: "quote", autoRenew: true, status: "active" });
    // 368.05 a round; the 400.00 deposit pays the first and 31.95 of the second.
    expect(enrollment.rounds.map((round) => round.price)).toEqual([0, 33_610, 36_805]);
    // The deposit counts in revenue for the service of the enrollment's first round.
    const [paid] = await db.select().from(payments).where(eq(payments.id, acceptance!.paymentId!));
    expect(paid!.attributedServiceId).toBe(enrollment.rounds[0]!.serviceId);
    expect(await db.select().from(enrollments).where(eq(enrollments.quoteId, quote.id))).toHaveLength(1);
  });

  it("is refused, with the reason, for a customer already enrolled in that program for that season", async () => {
    const program = await threeRoundProgram();
    const { customer } = await createCustomer();
    const staff = await staffCaller();
    const enrolled = await staff.programs.enroll({ customerId: customer.id, programId: program.id, season });
    const { quote, token } = await sentProgramQuote({ plan: programPlan(program.id) }, { customerId: customer.id });
    await expect(accept(token)).rejects.toMatchObject({
      code: "CONFLICT",
      message: `You are already enrolled in ${program.name} for the ${season} season.`,
    });
    expect((await staff.quotes.get({ id: quote.id })).status).not.toBe("accepted");
    // The enrollment they have is untouched.
    expect((await staff.programs.enrollment({ id: enrolled.id })).rounds.map((round) => round.price)).toEqual([6000, 6000, 6000]);
  });
  it("is refused for a customer found by the quote's email who is already enrolled, and takes over a cancelled enrollment", async () => {
    const program = await threeRoundProgram();
    const { customer } = await createCustomer();
    const staff = await staffCaller();
    await staff.programs.enroll({ customerId: customer.id, programId: program.id, season });
    // A quote typed for the same email, not for the record: still refused, nothing paid twice.
    const typed = await sentProgramQuote({ plan: programPlan(program.id) }, { email: customer.email });
    await expect(accept(typed.token)).rejects.toMatchObject({ code: "CONFLICT" });

    // A cancelled enrollment for that season takes the accepted quote: active again, priced as the quote says.
    const other = (await createCustomer()).customer;
    const cancelled = await staff.programs.enroll({ customerId: other.id, programId: program.id, season });
    await staff.programs.cancelEnrollment({ id: cancelled.id });
    const { quote, token } = await sentProgramQuote({ plan: programPlan(program.id) }, { customerId: other.id });
    await expect(accept(token)).resolves.toEqual({ status: "accepted", deposit: 0 });
    const taken = await staff.programs.enrollment({ id: cancelled.id });
    expect(taken).toMatchObject({ status: "active", autoRenew: false });
    expect(taken.rounds.map((round) => round.price)).toEqual([36_805, 36_805, 36_805]);
    expect((await staff.quotes.get({ id: quote.id })).enrollmentId).toBe(cancelled.id);
  });

  it("can no longer be sent or accepted once a round's window has closed since it was written", async () => {
    const today = businessToday();
    const tomorrow = businessInstant(addDays(today, 1), "12:00");
    // The first round's window closes today; the second's at the year's end.
    const { program } = await programWith([{ purpose: "Closing today", windowEnd: today.slice(5) }, { purpose: "Later" }]);
    const { quote, token } = await sentProgramQuote({ plan: programPlan(program.id) }, { email: `late.${unique()}@example.com` });
    expect(quote.version).toMatchObject({ planSeason: season, planRounds: 2 });
    const db = await getDb();
    const input = { token, version: 1, signedName: "Dana Whitfield", agreeToTerms: true as const, optionalItemIds: [] };
    await expect(acceptQuote(db, input, null, "192.0.2.7", tomorrow)).rejects.toThrow(PROGRAM_QUOTE_CHANGED);
    await expect(sendQuote(db, quote.id, tomorrow)).rejects.toThrow("has closed since it was written");
    expect(await enrollmentOfQuote(quote.id)).toBeUndefined();
    // Today, as written, it is accepted.
    await expect(acceptQuote(db, input, null, "192.0.2.7")).resolves.toEqual({ status: "accepted", deposit: 0 });
  });

  it("cannot be sent once its program is retired", async () => {
    const program = await threeRoundProgram();
    const staff = await staffCaller();
    const { customer } = await createCustomer();
    const quote = await staff.quotes.create({ ...quoteOffer({ plan: programPlan(program.id) }), customerId: customer.id });
    await staff.programs.retire({ id: program.id });
    await expect(staff.quotes.send({ id: quote.id })).rejects.toThrow("lawn program was retired");
  });
});
