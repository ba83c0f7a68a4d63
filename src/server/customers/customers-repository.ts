import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { runStatement } from "@/server/db/statement";
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

/** What a booking, a quote's acceptance or an inquiry knows of the customer it makes. */
export type CustomerFromForm = Pick<NewCustomer, "fullName" | "email" | "phone" | "address" | "city" | "state" | "zipCode" | "notes">;

const FIND_OR_ADD_CUSTOMER = `select customer_id, created from greenscape_find_or_add_customer($1::text, $2::text, $3::text,
  $4::text, $5::text, $6::text, $7::text, $8::text)`;

/**
 * The id of the customer with this email, or of a new one built from `values`, in one round trip
 * (the database function of migration 0035). A found profile is never changed: anyone can type an
 * email address. Of requests racing for one new email, one creates the record and the others find it.
 */
export async function findOrCreateCustomer(
  db: Db,
  values: CustomerFromForm,
  source: CustomerSource,
): Promise<{ customerId: number; created: boolean }> {
  const [row] = await runStatement<{ customer_id: number; created: boolean }>(db, FIND_OR_ADD_CUSTOMER, [
    values.fullName,
    normalizeEmail(values.email),
    values.phone ?? null,
    values.address ?? null,
    values.city ?? null,
    values.state ?? null,
    values.zipCode ?? null,
    values.notes ?? null,
  ]);
  if (!row?.customer_id) throw new Error("Customer record vanished while being created");
  if (row.created) await emit(db, { type: "customer.created", customerId: row.customer_id, source });
  return { customerId: row.customer_id, created: row.created };
}
