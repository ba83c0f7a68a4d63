import type { Db } from "@/server/db";
import { contactInquiries } from "@/server/db/schema";
import { findCustomerByEmail } from "@/server/customers/customers-repository";
import { LIMITS, limitSubjectForAddress } from "@/server/auth/limits";
import { enforceLimit } from "@/server/auth/rate-limit";
import type { TContactForm } from "@/lib/validation/contact";
import { emit } from "@/server/events/emit";

// A person writes a handful of messages; a script writes hundreds, from one address or under one email.
export const CONTACT_LIMIT_PER_IP = LIMITS.contactPerAddress.limit;
export const CONTACT_TOO_MANY = LIMITS.contactPerAddress.message;

export const CONTACT_THANKS = "Thanks for reaching out. We'll get back to you soon.";

/**
 * Stores a contact-form message so staff see it as a website inquiry. When the
 * email belongs to a known customer the inquiry is linked to them.
 */
export async function submitContactInquiry(db: Db, input: TContactForm & { ip: string }) {
  await enforceLimit(db, LIMITS.contactPerAddress, limitSubjectForAddress(input.ip));
  await enforceLimit(db, LIMITS.contactPerEmail, input.email);

  const customer = await findCustomerByEmail(db, input.email);
  return db.transaction(async (tx) => {
    const [inquiry] = await tx
      .insert(contactInquiries)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ? input.phone : null,
        message: input.message,
        customerId: customer?.id ?? null,
      })
      .returning();
    await emit(tx, { type: "inquiry.received", inquiry: inquiry! });
    return { id: inquiry!.id, createdAt: inquiry!.createdAt };
  });
}
