import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businessDateOf, businessInstant } from "@/lib/business-time";
import { bucketStarts, REPORT_PERIOD_MESSAGES, yearBefore, type ReportPeriod } from "@/lib/reports";
import { type TQuoteOfferInput, ZQuoteOfferSchema } from "@/lib/validation/quotes";
import { getDb } from "@/server/db";
import { emailOutbox, quoteAcceptances, quotes } from "@/server/db/schema";
import { acceptQuote } from "@/server/quotes/accept-quote";
import { payQuoteDepositWithSavedCard } from "@/server/quotes/deposit";
import { declineQuote } from "@/server/quotes/quote-page";
import { sendQuote } from "@/server/quotes/quote-link";
import { reviseQuote } from "@/server/quotes/quotes";
import { draftQuote, quoteOffer } from "#test/fixtures/quotes";
import { setEnv } from "#test/support/env";
import { createCustomer, customerCookie, rest, staffCookie, stripeStandInEnv } from "#test/support/helpers";
import { useStripeStandIn } from "#test/support/stripe";
import { quoteReport } from "./quote-report";
import type { QuoteFigures } from "./schemas";

const stripe = await useStripeStandIn({ quiet: true });

const PERIOD: ReportPeriod = { from: "2031-03-01", to: "2031-04-30" };
const at = (date: string, time = "10:00") => businessInstant(date, time);

/** An offer that can be sent and accepted in 2031: a visit in June, no deposit unless told. */
const offer2031 = (overrides: Partial<TQuoteOfferInput> = {}) =>
  quoteOffer({
    expiresOn: "2031-12-31",
    plan: { kind: "one_time", firstDate: "2031-06-16", startTime: "10:00", durationMinutes: 120 },
    ...overrides,
  });

/** Sends the quote on `day` and returns the token its email carries. */
async function send(quoteId: number, day: string) {
  const db = await getDb();
  const quote = await sendQuote(db, quoteId, at(day));
  const [sent] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, quote.email)).orderBy(desc(emailOutbox.id)).limit(1);
  return /\/q\/([a-z2-7]+)/.exec(sent!.body)![1]!;
}

async function accept(token: string, version: number, day: string) {
  await acceptQuote(
    await getDb(),
    { token, version, signedName: "Dana Whitfield", agreeToTerms: true, optionalItemIds: [] },
    null,
    "192.0.2.1",
    at(day, "12:00"),
  );
}

const decline = async (token: string, day: string) => declineQuote(await getDb(), { token, viewer: null }, "Too dear", at(day, "12:00"));

/** What the report must say, read from every quote and live acceptance and counted here. */
async function scanQuotes(period: ReportPeriod): Promise<QuoteFigures> {
  const db = await getDb();
  const rows = await db.select().from(quotes);
  const live = (await db.select().from(quoteAcceptances)).filter((acceptance) => acceptance.status !== "void");
  const months = bucketStarts(period, "month").map((start) => {
    const inMonth = (instant: Date | null) => {
      if (!instant) return false;
      const day = businessDateOf(instant);
      return day >= period.from && day <= period.to && day.slice(0, 7) === start.slice(0, 7);
    };
    const accepted = rows.filter((quote) => inMonth(quote.acceptedAt));
    return {
      month: start.slice(0, 7),
      sent: rows.filter((quote) => inMonth(quote.firstSentAt)).length,
      accepted: accepted.length,
      declined: rows.filter((quote) => inMonth(quote.declinedAt)).length,
      acceptedValue: accepted.reduce((sum, quote) => sum + (live.find((acceptance) => acceptance.quoteId === quote.id)?.total ?? 0), 0),
    };
  });
  const total = (key: "sent" | "accepted" | "declined" | "acceptedValue") => months.reduce((sum, month) => sum + month[key], 0);
  const answered = total("accepted") + total("declined");
  return {
    period,
    months,
    totals: {
      sent: total("sent"),
      accepted: total("accepted"),
      declined: total("declined"),
      acceptedValue: total("acceptedValue"),
      winRate: answered ? Number((total("accepted") / answered).toFixed(4)) : null,
    },
  };
}

let depositValue: number;
let revisedValue: number;

beforeAll(async () => {
  // The stand-in's settings come before each test; the data is made before them.
  setEnv(stripeStandInEnv(stripe.url));
  const db = await getDb();
  // First sent in February, sent again in March (sent_at moves, the first sending does not); declined in March.
  const resent = await draftQuote({ offer: offer2031() });
  await send(resent.id, "2031-02-20");
  await decline(await send(resent.id, "2031-03-05"), "2031-03-10");

  // Sent and accepted in March, no deposit.
  const quick = await draftQuote({ offer: offer2031() });
  await accept(await send(quick.id, "2031-03-03"), 1, "2031-03-04");

  // Signed on 28 March with a deposit, which the customer pays with their saved card on 2 April: accepted in April.
  const { customer } = await createCustomer({ password: "quote-owner-1" });
  const cookie = await customerCookie(customer.id);
  const setup = await rest("POST", "/customer/cards/setup", { headers: { cookie } });
  stripe.completeSetupIntent((setup.json.clientSecret as string).split("_secret_")[0]!);
  const withDeposit = await draftQuote({ customerId: customer.id, offer: offer2031({ deposit: { kind: "percent", value: 25 } }) });
  await accept(await send(withDeposit.id, "2031-03-20"), 1, "2031-03-28");
  expect((await payQuoteDepositWithSavedCard(db, { customerId: customer.id, quoteId: withDeposit.id }, at("2031-04-02"))).status).toBe(
    "completed",
  );
  depositValue = (await db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, withDeposit.id)))[0]!.total;

  // Sent in March and signed with a deposit due; staff revise it (that acceptance is void), send it
  // again in April, and the customer accepts the revision: its total is what was won.
  const revised = await draftQuote({ offer: offer2031({ deposit: { kind: "percent", value: 25 } }) });
  const firstToken = await send(revised.id, "2031-03-15");
  await accept(firstToken, 1, "2031-03-16");
  const smaller = ZQuoteOfferSchema.parse(
    offer2031({ items: [{ description: "Sod, St. Augustine (pallet)", quantity: 1, unitPrice: 45_000 }] }),
  );
  await reviseQuote(db, revised.id, smaller, null, at("2031-03-18"));
  await accept(await send(revised.id, "2031-04-05"), 2, "2031-04-06");
  revisedValue = (await db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, revised.id))).find(
    (acceptance) => acceptance.status !== "void",
  )!.total;

  // Declined, then revised (the no is cleared), sent again and accepted: counted as accepted only.
  const changedMind = await draftQuote({ offer: offer2031() });
  await decline(await send(changedMind.id, "2031-04-10"), "2031-04-11");
  await reviseQuote(db, changedMind.id, ZQuoteOfferSchema.parse(offer2031()), null, at("2031-04-12"));
  await accept(await send(changedMind.id, "2031-04-12"), 2, "2031-04-13");

  // A draft counts nowhere.
  await draftQuote({ offer: offer2031() });

  // The year before: sent in March, declined in April.
  const lastYear = await draftQuote({
    offer: quoteOffer({
      expiresOn: "2030-12-31",
      plan: { kind: "one_time", firstDate: "2030-06-17", startTime: "10:00", durationMinutes: 60 },
    }),
  });
  await decline(await send(lastYear.id, "2030-03-10"), "2030-04-01");
});

describe("the quotes report", () => {
  it("counts quotes sent, accepted and declined per month as a scan of the rows does, with the value won", async () => {
    const report = await quoteReport(await getDb(), PERIOD);
    expect(report.current).toEqual(await scanQuotes(PERIOD));
    expect(report.yearBefore).toEqual(await scanQuotes(yearBefore(PERIOD)));

    expect(report.current.months.map(({ month, sent, accepted, declined }) => ({ month, sent, accepted, declined }))).toEqual([
      { month: "2031-03", sent: 3, accepted: 1, declined: 1 },
      { month: "2031-04", sent: 1, accepted: 3, declined: 0 },
    ]);
    expect(report.current.totals.winRate).toBe(0.8);
    // The deposit's quote and the revision's live acceptance are in April's value; the void one is not.
    expect(report.current.months[1]!.acceptedValue).toBeGreaterThan(depositValue + revisedValue);
    expect(report.yearBefore.totals).toMatchObject({ sent: 1, declined: 1, accepted: 0, winRate: 0 });
  });

  it("gives no win rate when nothing was answered", async () => {
    const report = await quoteReport(await getDb(), { from: "2031-08-01", to: "2031-08-31" });
    expect(report.current.totals).toEqual({ sent: 0, accepted: 0, declined: 0, acceptedValue: 0, winRate: null });
  });

  it("answers over REST in the documented shape, and refuses a period that ends before it starts", async () => {
    const cookie = await staffCookie();
    const answer = await rest("GET", `/reports/quotes?from=${PERIOD.from}&to=${PERIOD.to}`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(JSON.parse(JSON.stringify(await quoteReport(await getDb(), PERIOD))));
    const backwards = await rest("GET", "/reports/quotes?from=2031-04-30&to=2031-03-01", { headers: { cookie } });
    expect(backwards.status).toBe(400);
    expect(backwards.json.message).toBe(REPORT_PERIOD_MESSAGES.order);
  });
});
