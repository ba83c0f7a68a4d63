import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { paymentRefunds, payments } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { createCustomer, rest, staffCookie } from "#test/support/helpers";
import { useStripeStandIn } from "#test/support/stripe";
import { refundPayment } from "./refunds";

/** Refunds of one payment, one at a time; the race itself is in test/hostile/payments.test.ts. */
const stripe = await useStripeStandIn();
let staff: string;

beforeAll(async () => {
  staff = await staffCookie();
});

/** A card payment of $45.00 paid through the stand-in and settled by a refresh. */
async function paidCardPayment() {
  const { customer } = await createCustomer();
  const created = await rest("POST", "/payments", { body: { customerId: customer.id, amount: 4500 }, headers: { cookie: staff } });
  await rest("POST", "/create-payment-intent", {
    body: { amount: 45, customerId: customer.id, paymentId: created.json.id },
    headers: { cookie: staff },
  });
  const [row] = await (await getDb())
    .select()
    .from(payments)
    .where(eq(payments.id, created.json.id as number));
  stripe.setIntentStatus(row!.stripePaymentIntent!, "succeeded");
  expect((await rest("POST", `/payments/${row!.id}/refresh`, { body: {}, headers: { cookie: staff } })).json.status).toBe("completed");
  return row!;
}

const refundsAtStripe = (intentId: string) =>
  [...stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId).map((refund) => refund.amount);

describe("refundPayment", () => {
  it("answers a request repeated within a minute with the first refund, and refunds again after that", async () => {
    const payment = await paidCardPayment();
    const db = await getDb();
    const ask = { paymentId: payment.id, amount: 1000, reason: "Missed the back yard", staffUserId: null };
    await refundPayment(db, ask);
    const again = await refundPayment(db, ask);
    expect(again.refunds).toHaveLength(1);
    expect(refundsAtStripe(payment.stripePaymentIntent!)).toEqual([1000]);

    // A different reason is another refund, as is the same one asked again later.
    await refundPayment(db, { ...ask, reason: "Late arrival" });
    await db
      .update(paymentRefunds)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(paymentRefunds.paymentId, payment.id));
    const later = await refundPayment(db, ask);
    expect(later.refunds.map((refund) => refund.amount)).toEqual([1000, 1000, 1000]);
    expect(refundsAtStripe(payment.stripePaymentIntent!)).toEqual([1000, 1000, 1000]);

    // What is left is checked under the lock: $15.00.
    await expect(refundPayment(db, { ...ask, amount: 1600, reason: "Too much" })).rejects.toThrow(
      "The refund cannot be more than the $15.00 not yet refunded",
    );
  });

  it("answers not found for a payment that does not exist", async () => {
    await expect(refundPayment(await getDb(), { paymentId: 987654, reason: "None", staffUserId: null })).rejects.toThrow(
      new NotFoundError("Payment not found"),
    );
  });
});
