import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { emit } from "@/server/events/emit";
import type { CustomerSource } from "./events";

export type { CustomerSource } from "./events";

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomer = Omit<typeof customers.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** One address, one customer: emails are stored and compared trimmed and in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | null> {
  const [customer] = await db
    .select()
    .from(customers)
    .where(eq(sql`lower(${customers.email})`, normalizeEmail(email)));
  return customer ?? null;
}

/**
 * Inserts the customer unless one already has this email; null when one has. The unique index on
 * lower(email) decides, so two requests racing for one address cannot both create it.
 */
export async function insertCustomerIfNew(db: Db, values: NewCustomer, source: CustomerSource): Promise<CustomerRow | null> {
  const [created] = await db
    .insert(customers)
    .values({ ...values, email: normalizeEmail(values.email) })
    .onConflictDoNothing()
    .returning();
  if (!created) return null;
  await emit(db, { type: "customer.created", customerId: created.id, source });
  return created;
}

/**
 * The customer with this email, or a new one built from `values`. A found profile is never changed:
 * anyone can type an email address.
 */
export async function findOrCreateCustomer(
  db: Db,
  values: NewCustomer,
  source: CustomerSource,
): Promise<{ customer: CustomerRow; created: boolean }> {
  const existing = await findCustomerByEmail(db, values.email);
  if (existing) return { customer: existing, created: false };
  const created = await insertCustomerIfNew(db, values, source);
  if (created) return { customer: created, created: true };
  // Another request created this email's record a moment ago.
  const raced = await findCustomerByEmail(db, values.email);
  if (!raced) throw new Error("Customer record vanished while being created");
  return { customer: raced, created: false };
}
