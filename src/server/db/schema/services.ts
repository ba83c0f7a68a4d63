import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const SERVICE_CATEGORIES = ["mowing", "trimming", "cleanup", "fertilization", "planting"] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

/** A service of the catalogue. Money in integer cents, durations in minutes. */
export const services = pgTable(
  "services",
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text(),
    price: integer().notNull(),
    duration: integer().notNull(),
    pricePerSqFt: integer(),
    category: text().$type<ServiceCategory>().notNull().default("mowing"),
    availableZipCodes: text().array(),
    imageUrl: text(),
    isPopular: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("services_price_check", sql`${t.price} > 0`),
    check("services_duration_check", sql`${t.duration} > 0`),
    check("services_price_per_sq_ft_check", sql`${t.pricePerSqFt} is null or ${t.pricePerSqFt} > 0`),
    check("services_category_check", sql`${t.category} in ('mowing', 'trimming', 'cleanup', 'fertilization', 'planting')`),
  ],
);
