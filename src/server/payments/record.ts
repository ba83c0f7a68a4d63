import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { payments, schedules } from "@/server/db/schema";
import { InvalidInputError } from "@/server/errors";
import { assertCustomerExists, getPayment } from "./queries";
import { emit } from "@/server/events/emit";

async function assertScheduleOfCustomer(db: Db, customerId: number, scheduleId: number | undefined) {
  if (scheduleId === undefined) return;
  const [schedule] = await db
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.id, scheduleId), eq(schedules.customerId, customerId)));
  if (!schedule) throw new InvalidInputError("That visit does not belong to this customer", "scheduleId");
}

/**
 * Step 2 of the payment flow: the pending card payment that the intent is made from.
 * Only 'pending' can be created here: a card payment becomes completed only through Stripe.
 */
export async function createPendingPayment(db: Db, input: { customerId: number; amount: number; scheduleId?: number }) {
  await assertCustomerExists(db, input.customerId);
  await assertScheduleOfCustomer(db, input.customerId, input.scheduleId);
  const [created] = await db
    .insert(payments)
    .values({ customerId: input.customerId, amount: input.amount, scheduleId: input.scheduleId, status: "pending", method: "card" })
    .returning({ id: payments.id });
  return getPayment(db, created!.id);
}

/** Cash or a check handed to the crew: money already received, so it is completed at once (docs/product-rules.md#payments). */
export async function recordOfflinePayment(
  db: Db,
  input: {
    customerId: number;
    amount: number;
    method: "cash" | "check";
    reference?: string | null;
    scheduleId?: number;
    recordedByUserId: number | null;
  },
) {
  await assertCustomerExists(db, input.customerId);
  await assertScheduleOfCustomer(db, input.customerId, input.scheduleId);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(payments)
      .values({
        customerId: input.customerId,
        amount: input.amount,
        scheduleId: input.scheduleId,
        status: "completed",
        method: input.method,
        metadata: { reference: input.reference ?? null, recordedByUserId: input.recordedByUserId },
      })
      .returning();
    await emit(tx, { type: "payment.completed", payment: created! });
    return created!.id;
  });
  return getPayment(db, id);
}
