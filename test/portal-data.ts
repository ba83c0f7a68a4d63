import { desc } from "drizzle-orm";
import { getDb } from "../src/server/db";
import { createPlanVisits } from "../src/server/schedules/plan-visits";
import { emailOutbox, messages, payments, schedules } from "../src/server/db/schema";

const HOUR = 60 * 60 * 1000;

/** A one-time visit `hoursAhead` from now (negative for the past), recorded at `createdAt`. */
export async function insertVisit(customerId: number, hoursAhead: number, options: { createdAt?: Date; serviceId?: number; recurring?: boolean } = {}) {
  const db = await getDb();
  const start = new Date(Date.now() + hoursAhead * HOUR);
  const [schedule] = await db
    .insert(schedules)
    .values({
      customerId,
      serviceId: options.serviceId ?? null,
      date: start,
      startTime: start,
      endTime: new Date(start.getTime() + HOUR),
      status: "pending",
      totalPrice: 4500,
      address: "42 Oak Hollow Dr",
      city: "Austin",
      state: "TX",
      zipCode: "78745",
      isRecurring: options.recurring ?? false,
      recurringFrequency: options.recurring ? "weekly" : null,
      createdAt: options.createdAt ?? new Date(),
    })
    .returning();
  await createPlanVisits(db, schedule!, "staff");
  return schedule!;
}

export async function insertMessage(customerId: number, content: string, senderType: "user" | "customer", timestamp = new Date()) {
  const db = await getDb();
  const [message] = await db.insert(messages).values({ customerId, content, senderType, timestamp }).returning();
  return message!;
}

export async function insertPayment(customerId: number, amount: number, createdAt = new Date()) {
  const db = await getDb();
  const [payment] = await db.insert(payments).values({ customerId, amount, createdAt, paymentDate: createdAt }).returning();
  return payment!;
}

/** The token in the newest email's link with the given query parameter (verify, invite or a reset's token). */
export async function latestLinkToken(parameter: "verify" | "invite" | "token") {
  const db = await getDb();
  const rows = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(20);
  for (const row of rows) {
    const match = new RegExp(`[?&]${parameter}=([a-z0-9]+)`).exec(row.body);
    if (match) return { token: match[1]!, to: row.to, body: row.body };
  }
  throw new Error(`No email with a ${parameter} link`);
}
