import { timestamp } from "drizzle-orm/pg-core";

/** Every instant is stored as timestamptz; business rules read it in America/Chicago. */
export const instant = (name?: string) =>
  name ? timestamp(name, { withTimezone: true, mode: "date" }) : timestamp({ withTimezone: true, mode: "date" });

export const createdAt = () => instant().notNull().defaultNow();
