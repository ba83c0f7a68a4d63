import { formatPhoneNumber } from "@/lib/phone-number";
import type { Db } from "@/server/db";
import { contactInquiries } from "@/server/db/schema";
import { emit } from "@/server/events/emit";

/**
 * A text from a number no customer has: an inquiry beside the contact form's, named after the
 * number ("Text from (512) 555-0101"), which staff attach to a customer. The office hears of it as
 * of any inquiry. Runs in the inbound text's transaction.
 */
export async function recordTextInquiry(db: Db, text: { number: string; content: string }) {
  const [inquiry] = await db
    .insert(contactInquiries)
    .values({ name: `Text from ${formatPhoneNumber(text.number)}`, email: "", phone: text.number, message: text.content, source: "text" })
    .returning();
  await emit(db, { type: "inquiry.received", inquiry: inquiry! });
  return inquiry!;
}
