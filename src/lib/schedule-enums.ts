// A schedule's status and a series' frequency, named once for the database schema, the zod
// schemas and the screens. The schema imports this file by a relative path, so it imports nothing.

/** pending (booked, not yet confirmed), confirmed, completed, cancelled. */
export const SCHEDULE_STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** A recurring schedule repeats weekly (the default), every two weeks, or monthly. */
export const RECURRING_FREQUENCIES = ["weekly", "biweekly", "monthly"] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
