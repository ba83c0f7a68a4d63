// Phone numbers are kept as people typed them (the API answers them that way) and shown in one
// format: "(512) 555-0203". A number that is not a ten-digit US number shows as typed.

function nationalDigits(phone: string): string | null {
  // Letters mean an extension or a note ("x12", "ask for Sam"): show those as typed.
  if (/[a-z]/i.test(phone)) return null;
  const digits = phone.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return national.length === 10 ? national : null;
}

/** "5125550203", "512 555 0203" and "+1 512-555-0203" all read "(512) 555-0203". */
export function formatPhoneNumber(phone: string): string {
  const national = nationalDigits(phone);
  if (!national) return phone.trim();
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** A tel: link a phone dials: +1 and the ten digits, or the digits as typed. */
export function phoneHref(phone: string): string {
  const national = nationalDigits(phone);
  return national ? `tel:+1${national}` : `tel:${phone.replace(/[^\d+]/g, "")}`;
}
