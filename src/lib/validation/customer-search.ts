import { z } from "zod";
import { CUSTOMER_PAGE_LIMIT_MAX, CUSTOMER_SORTS } from "@/lib/customer-search-rules";
import { hasOnlyStorableCharacters, tooLongMessage, UNSUPPORTED_CHARACTERS_MESSAGE } from "./fields";

/**
 * Search, sort and paging of the staff customer list. Every field is optional: without any of
 * them the list is every customer by name.
 */
const customerQuery = z
  .string({ error: "Search must be text" })
  .trim()
  .max(100, tooLongMessage(100))
  .refine(hasOnlyStorableCharacters, UNSUPPORTED_CHARACTERS_MESSAGE)
  .optional()
  .describe("Part of a name, email, address or phone number (any formatting of the phone matches)");

const pageLimit = z
  .number({ error: `Limit must be a whole number from 1 to ${CUSTOMER_PAGE_LIMIT_MAX}` })
  .int(`Limit must be a whole number from 1 to ${CUSTOMER_PAGE_LIMIT_MAX}`)
  .min(1, `Limit must be a whole number from 1 to ${CUSTOMER_PAGE_LIMIT_MAX}`)
  .max(CUSTOMER_PAGE_LIMIT_MAX, `Limit must be a whole number from 1 to ${CUSTOMER_PAGE_LIMIT_MAX}`)
  .optional()
  .describe("At most this many customers");

export const ZCustomerSearchSchema = z.object({
  q: customerQuery,
  sort: z
    .enum(CUSTOMER_SORTS, { error: "Sort must be one of: name, newest, oldest" })
    .optional()
    .describe("name (A to Z, the default), newest or oldest"),
  limit: pageLimit,
  offset: z
    .number({ error: "Offset must be a whole number, 0 or more" })
    .int("Offset must be a whole number, 0 or more")
    .min(0, "Offset must be a whole number, 0 or more")
    .max(2_147_483_647, "Offset must be a whole number, 0 or more")
    .optional()
    .describe("Skip this many customers first (with limit: paging)"),
});

export type TCustomerSearch = z.output<typeof ZCustomerSearchSchema>;

/** The Messages screen's customer list: the same search, and a cap on how many come back. */
export const ZConversationSearchSchema = z.object({ q: customerQuery, limit: pageLimit });
export type TConversationSearch = z.output<typeof ZConversationSearchSchema>;
