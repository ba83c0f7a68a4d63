import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { findOrCreateCustomer } from "@/server/customers/customers-repository";
import type { Db } from "@/server/db";
import { contactInquiries } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";

export const INQUIRY_NOT_FOUND = "Inquiry not found";
export type InquiryFilter = "open" | "handled" | "all";

const inquiryColumns = {
  id: contactInquiries.id,
  name: contactInquiries.name,
  email: contactInquiries.email,
  phone: contactInquiries.phone,
  message: contactInquiries.message,
  createdAt: contactInquiries.createdAt,
  handledAt: contactInquiries.handledAt,
  customerId: contactInquiries.customerId,
};

/** Website inquiries from the contact form, newest first. */
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
 * One click from inquiry to customer: the customer with that email if there is one (their
 * profile is never overwritten), else a new one from the inquiry's name, email and phone. The
 * inquiry is linked to them and marked handled.
 */
export async function convertInquiryToCustomer(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const [inquiry] = await tx.select(inquiryColumns).from(contactInquiries).where(eq(contactInquiries.id, id)).for("update");
    if (!inquiry) throw new NotFoundError(INQUIRY_NOT_FOUND);
    const notes = `From a website inquiry: ${inquiry.message}`.slice(0, 2000);
    const { customer, created } = await findOrCreateCustomer(
      tx,
      { fullName: inquiry.name, email: inquiry.email, phone: inquiry.phone || null, notes },
      "inquiry",
    );
    const customerId = customer.id;
    await tx
      .update(contactInquiries)
      .set({ customerId, handledAt: sql`coalesce(${contactInquiries.handledAt}, now())` })
      .where(and(eq(contactInquiries.id, id)));
    return { customerId, created };
  });
}
