import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db";
import { customers, messages, payments, quotes, schedules } from "@/server/db/schema";

/**
 * The one ownership rule (docs/product-rules.md#who-owns-a-visit): a customer account sees, changes
 * and pays for a plan, its visits and its payments only when its current email is proven and it has
 * proved the email the plan was booked under: at any time for a plan the account or the office
 * made, at or after the booking for a website booking made without signing in (or the owner
 * confirmed that booking as theirs).
 *
 * Written as SQL conditions, so every reader filters in the same statement it reads with.
 */

/**
 * The account behind `customerId` has proven its current email, and has a password: what it takes to
 * see what the office made for it (plans, lawn program enrollments).
 */
export function accountConfirmed(customerId: SQL | number): SQL {
  return sql`exists (select 1 from ${customers} where ${customers.id} = ${customerId} and ${customers.isVerified} and ${customers.passwordHash} is not null)`;
}

/** Whether the customer's account owns the plan row in scope (`schedules` in the FROM clause). */
export function planOwnedByItsCustomer(): SQL {
  return sql`(${accountConfirmed(sql`${schedules.customerId}`)} and exists (
    select 1 from customer_email_proofs proof
    where proof.customer_id = ${schedules.customerId} and proof.email = ${schedules.bookedEmail}
      and (${schedules.bookedVia} <> 'website' or proof.proven_at >= ${schedules.createdAt} or ${schedules.ownerConfirmedAt} is not null)
  ))`;
}

/** Plans of this account that it owns. */
export function ownedPlans(customerId: number): SQL {
  return and(eq(schedules.customerId, customerId), planOwnedByItsCustomer())!;
}

/**
 * Plans booked on the website under this account's proven email that wait for the owner to say
 * they are theirs: what the portal lists under "Booked under your email".
 */
export function plansAwaitingOwner(customerId: SQL | number): SQL {
  return and(
    sql`${schedules.customerId} = ${customerId}`,
    eq(schedules.bookedVia, "website"),
    accountConfirmed(customerId),
    sql`${schedules.bookedEmail} = (select lower(${customers.email}) from ${customers} where ${customers.id} = ${customerId})`,
    sql`not ${planOwnedByItsCustomer()}`,
  )!;
}

/**
 * Payments of this account that it owns: a payment for a plan follows the plan; one without a plan
 * (made by the office) needs a proof of the email it was billed to. `payments` and `schedules` (left
 * joined on the payment's plan) must be in the FROM clause.
 */
export function ownedPayments(customerId: number): SQL {
  return and(
    eq(payments.customerId, customerId),
    sql`(case when ${schedules.id} is not null then ${planOwnedByItsCustomer()} else (${accountConfirmed(customerId)} and exists (
      select 1 from customer_email_proofs proof where proof.customer_id = ${payments.customerId} and proof.email = ${payments.billedEmail}
    )) end)`,
  )!;
}

/**
 * Quotes this account may see and answer in the portal: sent to an email the account has proved
 * (at any time, as for a plan the office made: the office wrote the quote and emailed it there),
 * and made for this account's record, or for no record yet under the account's current email (the
 * record accepting it makes the plan for). A typed email alone never shows one: an account that has
 * not proved its current email sees none. `quotes` must be in the FROM clause.
 */
export function ownedQuotes(customerId: number): SQL {
  return and(
    accountConfirmed(customerId),
    sql`exists (select 1 from customer_email_proofs proof where proof.customer_id = ${customerId} and proof.email = ${quotes.email})`,
    sql`(${quotes.customerId} = ${customerId} or (${quotes.customerId} is null and ${quotes.email} = (select lower(${customers.email}) from ${customers} where ${customers.id} = ${customerId})))`,
  )!;
}

/**
 * Messages of this account's conversation it may read: what the account wrote itself since it got
 * its password, and the rest once it has proved the address the record had when each was written.
 * The office's notes about someone else's visits never follow an email change to a new owner.
 */
export function visibleMessages(customerId: number): SQL {
  return and(
    eq(messages.customerId, customerId),
    sql`(
      (${messages.senderType} = 'customer' and ${messages.timestamp} >= (select coalesce(${customers.registeredAt}, ${customers.createdAt}) from ${customers} where ${customers.id} = ${customerId}))
      or (${accountConfirmed(customerId)} and exists (
        select 1 from customer_email_proofs proof where proof.customer_id = ${messages.customerId} and proof.email = ${messages.customerEmail}
      ))
    )`,
  )!;
}

/** Whether the plan is owned by its customer's account (autopay, notifications). */
export async function isPlanOwned(db: Db, scheduleId: number): Promise<boolean> {
  const [row] = await db
    .select({ owned: sql<boolean>`${planOwnedByItsCustomer()}` })
    .from(schedules)
    .where(eq(schedules.id, scheduleId));
  return Boolean(row?.owned);
}

/** Who an email or webhook about a plan names: see `planContact`. */
export interface PlanContact {
  fullName: string;
  email: string;
  /** The account owns the plan, or the record has no account (the office manages it). */
  ofRecord: boolean;
  /** A website booking under the account's email, waiting for the owner to say it is theirs. */
  awaitingOwner: boolean;
}

/**
 * The columns the plan's contact is made from, for a select over `schedules` joined with `customers`.
 * `awaitingOwner`: a website booking under the account's proven email that waits for its owner.
 */
export function contactColumns() {
  return {
    owned: sql<boolean>`${planOwnedByItsCustomer()}`,
    awaitingOwner: sql<boolean>`${plansAwaitingOwner(sql`${schedules.customerId}`)}`,
    hasAccount: sql<boolean>`${customers.passwordHash} is not null`,
    bookedName: schedules.bookedName,
    bookedEmail: schedules.bookedEmail,
  };
}

/** What `contactColumns` reads for one plan. */
interface ContactColumns {
  owned: boolean;
  awaitingOwner: boolean;
  hasAccount: boolean;
  bookedName: string | null;
  bookedEmail: string;
}

/**
 * Whom to tell about a plan. An owned plan, or one of a record without an account (the office
 * manages it), names the customer record; a plan the account has not proved names the person who
 * booked it, at the address it was booked under, never the account holder.
 */
export function contactFrom(customer: { fullName: string; email: string }, plan: ContactColumns): PlanContact {
  if (plan.owned || !plan.hasAccount) return { fullName: customer.fullName, email: customer.email, ofRecord: true, awaitingOwner: false };
  return { fullName: plan.bookedName ?? customer.fullName, email: plan.bookedEmail, ofRecord: false, awaitingOwner: plan.awaitingOwner };
}

/** The contact of one plan (see contactFrom), or null when there is no such plan. */
export async function planContact(db: Db, scheduleId: number): Promise<PlanContact | null> {
  const [row] = await db
    .select({ customer: { fullName: customers.fullName, email: customers.email }, plan: contactColumns() })
    .from(schedules)
    .innerJoin(customers, eq(customers.id, schedules.customerId))
    .where(eq(schedules.id, scheduleId));
  return row ? contactFrom(row.customer, row.plan) : null;
}
