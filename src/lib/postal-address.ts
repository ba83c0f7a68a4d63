interface AddressParts {
  address: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
}

function holdsWord(text: string, word: string) {
  const escaped = word.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "iu").test(text);
}

/**
 * One line of a postal address: "12 Elm St, Austin, TX 78701". People often type the city, state
 * or ZIP into the street line too ("Austin TX 78701"); a part already there is not repeated.
 */
export function formatPostalAddress({ address, city, state, zipCode }: AddressParts): string {
  const street = address?.trim() ?? "";
  const missing = (part: string | null | undefined) => (part?.trim() && !holdsWord(street, part) ? part.trim() : null);
  const region = [missing(state), missing(zipCode)].filter(Boolean).join(" ");
  return [street, missing(city), region].filter(Boolean).join(", ");
}
