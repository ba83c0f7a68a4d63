import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";

/**
 * Claiming a record safely (beyond.md 15). Until the customer proves the email, the portal shows
 * only visits, messages and payments created at or after the moment the account got its password
 * (customers.registered_at); everything a booking or staff recorded earlier stays hidden, because
 * anyone who knows an email address can register with it. After verification everything shows.
 * Returns that moment, or null when nothing is hidden.
 */
export async function historyHiddenBefore(db: Db, customerId: number): Promise<Date | null> {
  const [customer] = await db
    .select({ isVerified: customers.isVerified, registeredAt: customers.registeredAt, createdAt: customers.createdAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError("Customer not found");
  if (customer.isVerified) return null;
  return customer.registeredAt ?? customer.createdAt;
}

export function isVisible(createdAt: Date, hiddenBefore: Date | null): boolean {
  return !hiddenBefore || createdAt >= hiddenBefore;
}
