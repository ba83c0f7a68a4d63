import { eq } from "drizzle-orm";
import { STAFF_TEXT_WITHDRAWAL_WORDS } from "@/lib/staff-text-consent";
import { TEXT_CONSENT_WORDS } from "@/lib/texts";
import type { z } from "zod";
import type { ZStaffTextConsentSchema } from "@/lib/validation/texts";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";
import type { Db } from "@/server/db";
import { customers } from "@/server/db/schema";
import { NotFoundError } from "@/server/errors";
import { listTextConsentChanges, setTextConsent, TEXTING_COLUMNS, textPreferenceOf } from "./consent";

/** A customer's texting choice as staff see it: consent and since when, STOP, notify-by, and every change. */
export async function getCustomerTextConsent(db: Db, customerId: number) {
  const [record] = await db.select(TEXTING_COLUMNS).from(customers).where(eq(customers.id, customerId));
  if (!record) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  const preference = textPreferenceOf(record);
  return {
    textConsent: preference.textConsent,
    consentSince: record.textConsentAt,
    textNumber: preference.textNumber,
    stopped: preference.stopped,
    stoppedSince: record.textsStoppedAt,
    canText: preference.canText,
    notifyBy: preference.notifyBy,
    history: await listTextConsentChanges(db, customerId),
  };
}

/**
 * Staff record what a customer said on the phone, and who recorded it: consent keeps the words read
 * to them, a withdrawal a sentence saying so. The phone must be able to take texts.
 */
export async function recordStaffTextConsent(
  db: Db,
  customerId: number,
  answer: z.output<typeof ZStaffTextConsentSchema>,
  staffUserId: number,
) {
  await setTextConsent(db, customerId, {
    given: answer.textConsent,
    method: "staff",
    words: answer.textConsent ? TEXT_CONSENT_WORDS : STAFF_TEXT_WITHDRAWAL_WORDS,
    staffUserId,
    notifyBy: answer.notifyBy,
  });
  return getCustomerTextConsent(db, customerId);
}
