// A quote's statuses and kinds, named once for the database schema, the zod schemas and the
// screens. The schema imports this file by a relative path, so it imports nothing.
// The rules: docs/product-rules.md#quotes.

/** draft → sent → viewed → accepted | declined | expired. */
export const QUOTE_STATUSES = ["draft", "sent", "viewed", "accepted", "declined", "expired"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The plan an accepted quote becomes: one visit, or a recurring series. */
export const QUOTE_PLAN_KINDS = ["one_time", "recurring", "program"] as const;
export type QuotePlanKind = (typeof QUOTE_PLAN_KINDS)[number];

/** No deposit, a whole percentage of the total, or a fixed amount in cents. */
export const DEPOSIT_KINDS = ["none", "percent", "amount"] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

/**
 * An acceptance waits for its deposit's payment, is final, or was voided (a revision came first,
 * or the quote was revoked) and counts for nothing.
 */
export const ACCEPTANCE_STATUSES = ["awaiting_deposit", "accepted", "void"] as const;
export type AcceptanceStatus = (typeof ACCEPTANCE_STATUSES)[number];
