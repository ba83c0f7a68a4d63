import { findZipInAddress } from "./service-area";

/** A street address as customers, plans and visits keep it; any part may be missing. */
export interface AddressParts {
  address: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
}

// What may follow the ZIP at the end of a one-line address: its four-digit extension and the country.
const AFTER_ZIP = /^(?:-\d{4})?[\s,]*(?:(?:USA|US|United States(?: of America)?)\.?)?\s*$/i;
// Texas, written just before the ZIP. Only Texas: other two-letter words there are street types
// ("Oak Ct 78701" is not Connecticut), and every ZIP we serve is in Texas.
const TEXAS_AT_END = /(?:^|[\s,]+)(?:TX|Texas)\.?[\s,]*$/i;

const trimmed = (part: string | null | undefined) => part?.trim() || null;

/**
 * The parts of an address typed on one line, "1200 E 6th St, Austin, TX 78702". The ZIP is read as
 * the booking reads it (the first 78xxx, else a standalone five-digit number) and must end the line;
 * just before it may come the state, and the last of several comma-separated parts is the city.
 * Null when the line does not end with a ZIP: nothing can be told apart then.
 */
export function readAddressLine(
  line: string,
): { address: string | null; city: string | null; state: string | null; zipCode: string } | null {
  const found = findZipInAddress(line);
  if (!found || !AFTER_ZIP.test(line.slice(found.index + found.zip.length))) return null;
  const beforeZip = line.slice(0, found.index);
  const state = TEXAS_AT_END.test(beforeZip) ? "TX" : null;
  const segments = beforeZip
    .replace(TEXAS_AT_END, "")
    .split(",")
    .map((segment) => segment.trim())
    .filter(Boolean);
  // A last part with a number in it is a unit or a street, never a city.
  const city = segments.length > 1 && !/\d/.test(segments.at(-1)!) ? segments.pop()! : null;
  return { address: segments.join(", ") || null, city, state, zipCode: found.zip };
}

/**
 * The address with the parts its street line holds moved into their own fields: people type the
 * whole address on the one line the staff form has ("1200 E 6th St, Austin, TX 78702"). A part is
 * taken from the line only where its field is empty or says the same; a line that names another
 * city, state or ZIP than the fields stays as typed, so nothing anyone wrote is lost
 * (docs/product-rules.md#where-each-visit-is).
 */
export function completePostalAddress<T extends AddressParts>(parts: T): T {
  const read = parts.address ? readAddressLine(parts.address) : null;
  if (!read) return parts;
  const differs = (given: string | null | undefined, fromLine: string | null) => {
    const typed = trimmed(given);
    return typed !== null && fromLine !== null && typed.toLowerCase() !== fromLine.toLowerCase();
  };
  if (differs(parts.zipCode, read.zipCode)) return parts;
  const zipCode = read.zipCode;
  if (!read.address || differs(parts.city, read.city) || differs(parts.state, read.state)) return { ...parts, zipCode };
  return { ...parts, address: read.address, city: trimmed(parts.city) ?? read.city, state: trimmed(parts.state) ?? read.state, zipCode };
}

function holdsWord(text: string, word: string) {
  const escaped = word.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "iu").test(text);
}

/**
 * One line of a postal address: "12 Elm St, Austin, TX 78701", the one way an address is printed
 * (routes, the crew's phone, the customer's page, emails, calendar feeds, the geocoder's query).
 * No part is printed twice: a street line that holds the whole address is read apart first, and a
 * city or state already written after the street's first comma ("500 Main St, Austin") is not
 * added again.
 */
export function formatPostalAddress(parts: AddressParts): string {
  const { address, city, state, zipCode } = completePostalAddress(parts);
  const street = address?.trim() ?? "";
  const afterStreet = street.includes(",") ? street.slice(street.indexOf(",") + 1) : "";
  const missing = (part: string | null | undefined) => (part?.trim() && !holdsWord(afterStreet, part) ? part.trim() : null);
  const [cityPart, statePart, zipPart] = [missing(city), missing(state), missing(zipCode)];
  // "Austin, TX 78701", or "Austin 78701" when the state is not known.
  const place = statePart ? [cityPart, `${statePart}${zipPart ? ` ${zipPart}` : ""}`] : [[cityPart, zipPart].filter(Boolean).join(" ")];
  return [street, ...place].filter(Boolean).join(", ");
}
