/**
 * The tables whose writes change what this process caches, the one list. A statement trigger on
 * each sends its name on the change channel (migrations 0006_fastpath, 0007_visits, 0010_crews and 0036
 * create them; watched-tables.test.ts holds the database to this list, so a table added here needs
 * its trigger in a migration, and one dropped there fails the test).
 */
export const WATCHED_TABLES = {
  /** The public answers (catalogue, availability) and the staff month list are made of these. */
  answers: ["services", "schedules", "visits", "crews", "business_settings", "customers"],
  /** Small tables read on every booking and seldom written: the catalogue, the settings, the webhook endpoints (reference-data.ts). */
  reference: ["services", "business_settings", "webhook_endpoints"],
  /** Sign-ins cached for a few seconds are made of these. */
  signIns: ["staff_sessions", "staff_users", "customer_sessions", "customers", "api_keys"],
} as const;

export type WatchedTable = (typeof WATCHED_TABLES)[keyof typeof WATCHED_TABLES][number];

export const ALL_WATCHED_TABLES: ReadonlySet<string> = new Set<string>([
  ...WATCHED_TABLES.answers,
  ...WATCHED_TABLES.reference,
  ...WATCHED_TABLES.signIns,
]);
