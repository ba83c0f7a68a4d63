import type { Db } from "@/server/db";
import { contactInquiries } from "@/server/db/schema";
import { findCustomerByEmail } from "@/server/accounts/customer-auth";
import { recordLoginFailure, secondsUntilUnlocked } from "@/server/auth/throttle";
import { TooManyRequestsError } from "@/server/errors";
import type { TContactForm } from "@/lib/validation/contact";
import { announceInquiry } from "@/server/notifications/announce";

// A person writes a handful of messages; a script writes hundreds. The shared throttle table
// counts attempts per key in a 15-minute window and locks the key once it reaches the limit.
export const CONTACT_LIMIT_PER_IP = 10;
export const CONTACT_TOO_MANY = "You have sent several messages in a short time. Please try again later or call us.";

export const CONTACT_THANKS = "Thanks for reaching out. We'll get back to you soon.";

export function contactThrottleKey(ip: string) {
  return `contact:${ip}`;
}

/**
 * Stores a contact-form message so staff see it as a website inquiry (beyond.md item 6). When the
 * email belongs to a known customer the inquiry is linked to them.
 */
export async function submitContactInquiry(db: Db, input: TContactForm & { ip: string }) {
  const key = contactThrottleKey(input.ip);
  const wait = await secondsUntilUnlocked(db, [key]);
  if (wait > 0) throw new TooManyRequestsError(CONTACT_TOO_MANY, wait);
  await recordLoginFailure(db, key, CONTACT_LIMIT_PER_IP);

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
    await announceInquiry(tx, inquiry!);
    return { id: inquiry!.id, createdAt: inquiry!.createdAt };
  });
}
