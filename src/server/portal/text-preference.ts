import { TEXT_CONSENT_WORDS } from "@/lib/texts";
import type { TTextPreference } from "@/lib/validation/texts";
import type { Db } from "@/server/db";
import { getTextPreference, setTextConsent, type TextPreference } from "@/server/texts/consent";

/**
 * My Account's "Text me about my visits" box and "How should we reach you?" (docs/product-rules.md#texts).
 * The box says whether texts reach the customer now, so ticking it is agreeing now, at the phone on
 * the profile: it gives consent, resumes texts after STOP and moves consent to a changed phone.
 * Unticking withdraws consent (notices then go by email). A save that changes nothing keeps no
 * change and writes nothing.
 */
export async function saveTextPreference(db: Db, customerId: number, choice: TTextPreference): Promise<TextPreference> {
  const current = await getTextPreference(db, customerId);
  if (!choice.textConsent) {
    if (!current.textConsent) return current;
    return setTextConsent(db, customerId, { given: false, method: "portal", words: TEXT_CONSENT_WORDS });
  }
  if (current.canText && (choice.notifyBy === undefined || choice.notifyBy === current.notifyBy)) return current;
  return setTextConsent(db, customerId, { given: true, method: "portal", words: TEXT_CONSENT_WORDS, notifyBy: choice.notifyBy });
}
