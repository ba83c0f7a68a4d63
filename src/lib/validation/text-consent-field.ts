import { z } from "zod";
import { textNumberOf } from "@/lib/text-number";
import { NUMBER_CANNOT_TAKE_TEXTS } from "@/lib/texts";

/**
 * The unticked "Text me about my visits" box of the booking and registration forms. Absent means
 * no: callers that never heard of texts keep working as before.
 */
export const textConsentField = z
  .boolean({ error: "Say whether we may text you" })
  .default(false)
  .describe('The customer ticked "Text me about my visits": texts go to `phone`, which must be a US mobile number');

interface PhoneAndConsent {
  phone: string;
  textConsent: boolean;
}

/** A ticked box needs a phone that can take texts. */
export function phoneTakesTexts(form: PhoneAndConsent): boolean {
  return !form.textConsent || textNumberOf(form.phone) !== null;
}

/**
 * How a form's schema refines with phoneTakesTexts: the message on the phone field, checked once the
 * phone and the box are valid in themselves whatever the other fields say, so the contact step
 * shows it at once.
 */
export const PHONE_TAKES_TEXTS_ISSUE = {
  error: NUMBER_CANNOT_TAKE_TEXTS,
  path: ["phone"],
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    !payload.issues.some((issue) => !issue.path?.length || issue.path[0] === "phone" || issue.path[0] === "textConsent"),
};
