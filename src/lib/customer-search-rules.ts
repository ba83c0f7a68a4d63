// The rules of the staff customer search that the browser shares with the server, kept free of zod
// so the list screen does not ship the validation library.

export const CUSTOMER_SORTS = ["name", "newest", "oldest"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_PAGE_LIMIT_MAX = 100;

/** The digits of a query, when it has enough of them to be part of a phone number. */
export function phoneDigitsOf(query: string): string | null {
  const digits = query.replace(/\D/g, "");
  return digits.length >= 3 ? digits : null;
}
