import { desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";
import { findOrCreateCustomer } from "@/server/customers/customers-repository";
import type { Db } from "@/server/db";
import { contactInquiries, customers } from "@/server/db/schema";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { moveTextIntoConversation } from "./text-inquiry";

export const INQUIRY_NOT_FOUND = "Inquiry not found";
export type InquiryFilter = "open" | "handled" | "all";

const inquiryColumns = {
  id: contactInquiries.id,
  name: contactInquiries.name,
  email: contactInquiries.email,
  phone: contactInquiries.phone,
  message: contactInquiries.message,
  source: contactInquiries.source,
  createdAt: contactInquiries.createdAt,
  handledAt: contactInquiries.handledAt,
  customerId: contactInquiries.customerId,
};

export const TEXT_INQUIRY_NEEDS_CUSTOMER =
  "A text brings no name or email to make a customer from: choose the customer to attach it to (customerId).";

type Inquiry = Awaited<ReturnType<typeof inquiryById>>;

/** Inquiries, newest first: the contact form's, and texts from numbers no customer has. */
export function listInquiries(db: Db, filter: InquiryFilter = "open") {
  const where =
    filter === "open" ? isNull(contactInquiries.handledAt) : filter === "handled" ? isNotNull(contactInquiries.handledAt) : undefined;
  return db
    .select(inquiryColumns)
    .from(contactInquiries)
    .where(where)
    .orderBy(desc(contactInquiries.createdAt), desc(contactInquiries.id))
    .limit(200);
}

async function inquiryById(db: Db, id: number) {
  const [inquiry] = await db.select(inquiryColumns).from(contactInquiries).where(eq(contactInquiries.id, id));
  if (!inquiry) throw new NotFoundError(INQUIRY_NOT_FOUND);
  return inquiry;
}

/** Handled inquiries leave the open list; the first handling time is kept. */
export async function setInquiryHandled(db: Db, id: number, handled: boolean) {
  const [updated] = await db
    .update(contactInquiries)
    .set({ handledAt: handled ? sql`coalesce(${contactInquiries.handledAt}, now())` : null })
    .where(eq(contactInquiries.id, id))
    .returning({ id: contactInquiries.id });
  if (!updated) throw new NotFoundError(INQUIRY_NOT_FOUND);
  return inquiryById(db, id);
}

/**
 * From inquiry to customer in one call: the customer staff chose (`customerId`), else the customer
 * with the inquiry's email if there is one (their profile is never overwritten), else a new one from
 * the inquiry's name, email and phone. The inquiry is linked to them and marked handled; a text's
 * inquiry also moves its text into that customer's conversation, so a reply can go by text.
 */
export async function convertInquiryToCustomer(db: Db, id: number, options: { customerId?: number } = {}) {
  return db.transaction(async (tx) => {
    const [inquiry] = await tx.select(inquiryColumns).from(contactInquiries).where(eq(contactInquiries.id, id)).for("update");
    if (!inquiry) throw new NotFoundError(INQUIRY_NOT_FOUND);
    const { customerId, created } =
      options.customerId === undefined
        ? await customerFromInquiry(tx, inquiry)
        : { customerId: await chosenCustomer(tx, options.customerId), created: false };
    await tx
      .update(contactInquiries)
      .set({ customerId, handledAt: sql`coalesce(${contactInquiries.handledAt}, now())` })
      .where(eq(contactInquiries.id, id));
    const messageId = inquiry.source === "text" ? await moveTextIntoConversation(tx, inquiry, customerId) : null;
    return { customerId, created, messageId };
  });
}

async function chosenCustomer(db: Db, customerId: number): Promise<number> {
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return customer.id;
}

async function customerFromInquiry(db: Db, inquiry: Inquiry): Promise<{ customerId: number; created: boolean }> {
  if (inquiry.source === "text" || !inquiry.email) throw new InvalidInputError(TEXT_INQUIRY_NEEDS_CUSTOMER, "customerId");
  const notes = `From a website inquiry: ${inquiry.message}`.slice(0, 2000);
  return findOrCreateCustomer(db, { fullName: inquiry.name, email: inquiry.email, phone: inquiry.phone || null, notes }, "inquiry");
}
