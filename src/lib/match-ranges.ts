import { phoneDigitsOf } from "@/lib/customer-search-rules";

export type Range = [start: number, end: number];

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let index = haystack.indexOf(needle); index !== -1; index = haystack.indexOf(needle, index + needle.length)) found.push(index);
  return found;
}

/**
 * Where a search query appears in a text, to highlight it: case-blind, and for a query with three
 * or more digits also across a phone number's punctuation ("555-01" in "(512) 555-0123"), the
 * same two ways the server matches. Lower-casing is assumed to keep lengths (true for the Latin
 * names and addresses kept here).
 */
export function matchRanges(text: string, query: string): Range[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const plain = occurrences(text.toLowerCase(), needle).map((start): Range => [start, start + needle.length]);
  if (plain.length > 0) return plain;
  const digits = phoneDigitsOf(needle);
  if (!digits) return [];
  const positions = [...text].flatMap((character, index) => (/\d/.test(character) ? [index] : []));
  const textDigits = positions.map((index) => text[index]).join("");
  return occurrences(textDigits, digits).map((start): Range => [positions[start]!, positions[start + digits.length - 1]! + 1]);
}

/** The text cut into runs, each marked as matching the query or not. */
export function splitByMatches(text: string, query: string): Array<{ text: string; match: boolean }> {
  const parts: Array<{ text: string; match: boolean }> = [];
  let cursor = 0;
  for (const [start, end] of matchRanges(text, query)) {
    if (start > cursor) parts.push({ text: text.slice(cursor, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), match: false });
  return parts;
}
