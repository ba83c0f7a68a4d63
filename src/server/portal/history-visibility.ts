import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";

/**
 * What the portal may show before the email is proven. Anyone can register with any address, and
 * whatever a booking or the office later records under that address joins the account. So until
 * the customer confirms the email, the portal shows only what they wrote themselves after
 * registering (their messages); visits, payments and the office's messages show once it is
 * confirmed. Returns the moment from which the customer's own messages show, or null when the
 * email is confirmed and everything shows.
 */
export async function unconfirmedSince(db: Db, customerId: number): Promise<Date | null> {
  const [customer] = await db
    .select({ isVerified: customers.isVerified, registeredAt: customers.registeredAt, createdAt: customers.createdAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError("Customer not found");
  if (customer.isVerified) return null;
  return customer.registeredAt ?? customer.createdAt;
}

/** A message shows when the email is confirmed, or when the customer wrote it after registering. */
export function isMessageVisible(message: { timestamp: Date; senderType: string }, since: Date | null): boolean {
  return !since || (message.senderType === "customer" && message.timestamp >= since);
}
