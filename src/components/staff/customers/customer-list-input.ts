import type { CustomerSort } from "@/lib/customer-search-rules";

// Twelve cards fill a phone's first screens and three desktop rows; each card is some sixty nodes
// the phone must hydrate before it answers a tap, so more per page made the list slower to start.
export const CUSTOMERS_PER_PAGE = 12;

/**
 * The customers.search input of one page of the list. The server prefetches the first page with
 * it and the screen asks with it, so both name the same query and the screen starts with the answer.
 */
export function customerListInput({ query = "", sort = "name", page = 1 }: { query?: string; sort?: CustomerSort; page?: number }) {
  return {
    ...(query.trim() ? { q: query.trim() } : {}),
    ...(sort !== "name" ? { sort } : {}),
    limit: CUSTOMERS_PER_PAGE,
    ...(page > 1 ? { offset: (page - 1) * CUSTOMERS_PER_PAGE } : {}),
  };
}

/** The customers.search input of the customer picker: the first matches by name. */
export function customerPickerInput(query = "") {
  return { ...(query.trim() ? { q: query.trim() } : {}), limit: 50 };
}
