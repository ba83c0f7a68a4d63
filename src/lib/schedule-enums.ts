// A schedule's status and a series' frequency, named once for the database schema, the zod
// schemas and the screens. The schema imports this file by a relative path, so it imports nothing.

/** pending (booked, not yet confirmed), confirmed, completed, cancelled. */
export const SCHEDULE_STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** A recurring schedule repeats weekly (the default), every two weeks, or monthly. */
export const RECURRING_FREQUENCIES = ["weekly", "biweekly", "monthly"] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

/** What a customer did to a visit from the portal; the visit's status says what it means for the crews. */
export const CUSTOMER_CHANGES = ["skipped", "rescheduled", "paused"] as const;
export type CustomerChange = (typeof CUSTOMER_CHANGES)[number];

/** Visits that still hold a crew. Completed and cancelled ones free it. */
export const CREW_HOLDING_STATUSES: readonly ScheduleStatus[] = ["pending", "confirmed"];

/** Who last changed a visit on its own. */
export const CHANGE_AUTHORS = ["customer", "staff"] as const;
export type ChangeAuthor = (typeof CHANGE_AUTHORS)[number];

/**
 * Where a plan was booked: on the website without signing in, by the signed-in account, or by the
 * office (staff and API keys). A website booking under a protected email waits for the account
 * owner to confirm it (docs/product-rules.md#who-owns-a-visit).
 */
export const BOOKING_CHANNELS = ["website", "account", "office"] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];
