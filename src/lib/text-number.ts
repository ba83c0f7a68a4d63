import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/** Types of number that cannot take an SMS from us. */
const NOT_TEXTABLE = new Set(["FIXED_LINE", "PREMIUM_RATE", "SHARED_COST", "TOLL_FREE", "UAN", "VOICEMAIL", "PAGER"]);

/**
 * The number to text, in E.164, from a phone as customers type it ("512-555-0101", "(512) 555 0101",
 * "+1 512 555 0101"); US numbers unless a country code is typed. Null when it cannot take texts:
 * not a valid North American number, or a landline, toll-free or premium number. The customer's phone itself is
 * kept as typed (the API returns it as the spec's calls have it).
 *
 * In src/lib so the forms' shared schemas refuse the same numbers the server does, before sending.
 */
export function textNumberOf(phone: string | null | undefined): string | null {
  if (!phone?.trim()) return null;
  const parsed = parsePhoneNumberFromString(phone, "US");
  // US and Canadian numbers only: the business texts its own customers, at domestic rates.
  if (!parsed?.isValid() || parsed.countryCallingCode !== "1") return null;
  const type = parsed.getType();
  if (type && NOT_TEXTABLE.has(type)) return null;
  return parsed.number;
}
