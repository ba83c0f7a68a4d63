import { eq, sql } from "drizzle-orm";
import { TEXT_CONSENT_WORDS } from "@/lib/texts";
import { BOOKING_MESSAGES } from "@/lib/validation/booking-messages";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { InvalidInputError } from "@/server/errors";
import { setTextConsent } from "@/server/texts/consent";
import { textNumberOf } from "@/server/texts/text-number";

export interface BookingTextConsent {
  customerId: number;
  /** The number typed on the booking, in E.164 (it can take texts). */
  number: string;
  signedIn: boolean;
  /** The booking made the record just now. */
  created: boolean;
}

/**
 * The booking's ticked "Text me about my visits", recorded in the booking's transaction only when
 * the record is the booking's own (docs/product-rules.md#texts): the signed-in account, a record
 * the booking made, or a record without an account (the office manages it) whose phone is the
 * number typed. A booking made without signing in under an account's email changes nothing of that
 * account (docs/product-rules.md#who-owns-a-visit); nor does one that typed another phone than the
 * record's, since consent is for the record's phone. A signed-in customer who typed another phone
 * than their account's is told where texts would go rather than texted somewhere they did not type.
 */
export async function recordBookingTextConsent(tx: Db, consent: BookingTextConsent): Promise<void> {
  const [record] = await tx
    .select({ phone: customers.phone, hasAccount: sql<boolean>`${customers.passwordHash} is not null` })
    .from(customers)
    .where(eq(customers.id, consent.customerId));
  if (!record) return;
  const ownRecord = consent.signedIn || consent.created || !record.hasAccount;
  if (!ownRecord) return;
  if (textNumberOf(record.phone) !== consent.number) {
    if (consent.signedIn) throw new InvalidInputError(BOOKING_MESSAGES.textsGoToAccountPhone, "phone");
    return;
  }
  await setTextConsent(tx, consent.customerId, { given: true, method: "booking", words: TEXT_CONSENT_WORDS });
}
