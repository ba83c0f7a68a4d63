import { inArray } from "drizzle-orm";
import type { Db } from "@/server/db";
import { CUSTOMER_CONTACT_COLUMNS } from "@/server/db/customer-columns";
import { customers } from "@/server/db/schema";
import type { PlanContact } from "@/server/ownership/ownership";
import type { NotifyBy } from "@/lib/texts";
import { TEXTING_COLUMNS, textsTo } from "@/server/texts/consent";

/**
 * Whom a customer's notice goes to: the name and address the ownership rule names
 * (docs/product-rules.md#who-owns-a-visit), with what each channel needs and what the customer
 * agreed to. A new channel adds its consent here.
 */
export interface Recipient {
  customerId: number;
  fullName: string;
  email: string;
  /** Only the record's own phone: a booking waiting for its owner was typed by someone else. */
  phone: string | null;
  /** Goes into every email's reminder opt-out link. */
  unsubscribeToken: string;
  /** The customer takes reminders and on-my-way notices (one opt-out for both). */
  remindersEnabled: boolean;
  /** The number texts go to (E.164) while the customer agrees to them; null otherwise. */
  textsTo: string | null;
  /** How the customer wants notices: email, text or both. */
  notifyBy: NotifyBy;
}

/** The customer record a recipient is made from: contact details, the opt-out token and the consents. */
export type RecipientRecord = Awaited<ReturnType<typeof selectRecords>>[number];

function selectRecords(db: Db, ids: readonly number[]) {
  return db
    .select({
      ...CUSTOMER_CONTACT_COLUMNS,
      createdAt: customers.createdAt,
      unsubscribeToken: customers.unsubscribeToken,
      remindersEnabled: customers.remindersEnabled,
      ...TEXTING_COLUMNS,
    })
    .from(customers)
    .where(inArray(customers.id, [...ids]));
}

/** These customers' records by id; one query however many notices follow. */
export async function findRecipientRecords(db: Db, customerIds: readonly number[]): Promise<Map<number, RecipientRecord>> {
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return new Map();
  return new Map((await selectRecords(db, ids)).map((record) => [record.id, record]));
}

/** One customer's record, or null when there is none. */
export async function findRecipientRecord(db: Db, customerId: number): Promise<RecipientRecord | null> {
  return (await findRecipientRecords(db, [customerId])).get(customerId) ?? null;
}

/** The record addressed as `contact` names it (a visit's or plan's contact); the record itself without one. */
export function addressedTo(record: RecipientRecord, contact?: PlanContact | null): Recipient {
  const ofRecord = contact?.ofRecord ?? true;
  return {
    customerId: record.id,
    fullName: contact?.fullName ?? record.fullName,
    email: contact?.email ?? record.email,
    phone: ofRecord ? record.phone : null,
    unsubscribeToken: record.unsubscribeToken,
    remindersEnabled: record.remindersEnabled,
    // Someone else's booking under this record's email does not text the record's phone.
    textsTo: ofRecord ? textsTo(record) : null,
    notifyBy: record.notifyBy,
  };
}

/** One customer's recipient, named as `contact` says; null when the customer is gone. */
export async function findRecipient(db: Db, customerId: number, contact?: PlanContact | null): Promise<Recipient | null> {
  const record = await findRecipientRecord(db, customerId);
  return record ? addressedTo(record, contact) : null;
}
