import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

/**
 * Whether the account's current email is unproven: then the portal shows none of its visits or
 * payments, only the messages it wrote itself (the ownership rule, src/server/ownership/, decides
 * each row). Returns the moment the account got its password, or null when the email is proven.
 */
export async function unconfirmedSince(db: Db, customerId: number): Promise<Date | null> {
  const [customer] = await db
    .select({ isVerified: customers.isVerified, registeredAt: customers.registeredAt, createdAt: customers.createdAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  if (customer.isVerified) return null;
  return customer.registeredAt ?? customer.createdAt;
}
