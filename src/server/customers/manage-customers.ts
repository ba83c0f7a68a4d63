import { asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { completePostalAddress } from "@/lib/postal-address";
import type { TCustomerForm } from "@/lib/validation/customer";
import { phoneDigitsOf, type CustomerSort } from "@/lib/customer-search-rules";
import type { TCustomerSearch } from "@/lib/validation/customer-search";
import type { Db } from "@/server/db";
import { isForeignKeyViolation, isUniqueViolation } from "@/server/db/errors";
import { customers, customerSearchText, payments } from "@/server/db/schema";
import { ConflictError, NotFoundError } from "@/server/errors";
import { findCustomerByEmail, insertCustomerIfNew, normalizeEmail } from "./customers-repository";
import { emit } from "@/server/events/emit";
import { CUSTOMER_CONTACT_COLUMNS } from "@/server/db/customer-columns";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

export const CUSTOMER_MESSAGES = {
  notFound: CUSTOMER_NOT_FOUND,
  emailTaken: "A customer with this email already exists",
  hasPayments: "This customer has payment history and cannot be deleted. Payment records must be kept for the books.",
} as const;

/** What staff see of a customer: never the password hash. */
const customerColumns = {
  ...CUSTOMER_CONTACT_COLUMNS,
  notes: customers.notes,
  isVerified: customers.isVerified,
  hasPortalAccount: sql<boolean>`${customers.passwordHash} is not null`,
  createdAt: customers.createdAt,
};

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Customers whose name, email, address or phone holds the query. Letters match case-blind; a
 * query with three or more digits also matches the phone's digits whatever the punctuation, so
 * "555-01" finds "(512) 555-0123". Both tests run on the trigram index of customerSearchText.
 */
export function customerMatches(query: string | undefined): SQL | undefined {
  if (!query) return undefined;
  const text = sql`${customerSearchText} like ${`%${escapeLike(query.toLowerCase())}%`}`;
  const digits = phoneDigitsOf(query);
  return digits ? or(text, sql`${customerSearchText} like ${`%${digits}%`}`) : text;
}

const ORDERS: Record<CustomerSort, SQL[]> = {
  name: [asc(customers.fullName), asc(customers.id)],
  newest: [desc(customers.createdAt), desc(customers.id)],
  oldest: [asc(customers.createdAt), asc(customers.id)],
};

/** GET /api/customers: every customer by name, or the part the search, sort and page ask for. */
export function listCustomers(db: Db, search: TCustomerSearch = {}) {
  const query = db
    .select(customerColumns)
    .from(customers)
    .where(customerMatches(search.q))
    .orderBy(...ORDERS[search.sort ?? "name"])
    .offset(search.offset ?? 0);
  return search.limit === undefined ? query : query.limit(search.limit);
}

/** One page of the staff customer list with how many customers match in all. */
export async function searchCustomers(db: Db, search: TCustomerSearch) {
  const [page, [total]] = await Promise.all([
    listCustomers(db, { ...search, limit: search.limit ?? 25 }),
    db.select({ value: count() }).from(customers).where(customerMatches(search.q)),
  ]);
  return { customers: page, total: total?.value ?? 0 };
}

export async function getCustomer(db: Db, id: number) {
  const [customer] = await db.select(customerColumns).from(customers).where(eq(customers.id, id));
  if (!customer) throw new NotFoundError(CUSTOMER_MESSAGES.notFound);
  return customer;
}

function storedFields(form: TCustomerForm) {
  const orNull = (value: string | null | undefined) => (value ? value : null);
  // The form has one address line: a city, state and ZIP typed on it go to their own fields, so the
  // address is placed on the map and printed once (docs/product-rules.md#where-each-visit-is).
  const place = completePostalAddress({
    address: form.address,
    city: orNull(form.city),
    state: orNull(form.state),
    zipCode: orNull(form.zipCode),
  });
  return {
    fullName: form.fullName,
    email: normalizeEmail(form.email),
    phone: orNull(form.phone),
    ...place,
    notes: orNull(form.notes),
  };
}

async function ensureEmailFree(db: Db, email: string, exceptId: number) {
  const existing = await findCustomerByEmail(db, email);
  if (existing && existing.id !== exceptId) throw new ConflictError(CUSTOMER_MESSAGES.emailTaken);
}

/** Staff add a customer; an email another customer has is refused rather than merged. */
export async function createCustomer(db: Db, form: TCustomerForm) {
  const created = await db.transaction((tx) => insertCustomerIfNew(tx, storedFields(form), "staff"));
  if (!created) throw new ConflictError(CUSTOMER_MESSAGES.emailTaken);
  return getCustomer(db, created.id);
}

export async function updateCustomer(db: Db, id: number, form: TCustomerForm) {
  await getCustomer(db, id);
  await ensureEmailFree(db, form.email, id);
  try {
    await db
      .update(customers)
      .set({ ...storedFields(form), updatedAt: new Date() })
      .where(eq(customers.id, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(CUSTOMER_MESSAGES.emailTaken);
    throw error;
  }
  await emit(db, { type: "customer.updated", customerId: id });
  return getCustomer(db, id);
}

/**
 * A customer with payment history stays; one without goes with their schedules
 * and messages (the foreign keys cascade).
 */
export async function deleteCustomer(db: Db, id: number) {
  await getCustomer(db, id);
  const [paymentCount] = await db.select({ value: count() }).from(payments).where(eq(payments.customerId, id));
  if ((paymentCount?.value ?? 0) > 0) throw new ConflictError(CUSTOMER_MESSAGES.hasPayments);
  try {
    await db.delete(customers).where(eq(customers.id, id));
  } catch (error) {
    // A payment recorded in the meantime: the restricting foreign key refuses the delete.
    if (isForeignKeyViolation(error)) throw new ConflictError(CUSTOMER_MESSAGES.hasPayments);
    throw error;
  }
  return { success: true as const, message: "Customer deleted" };
}
