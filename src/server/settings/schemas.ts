import { z } from "zod";
import { API_KEY_ROLES } from "@/lib/staff-roles";

export const ZStaffProfileSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    fullName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  })
  .meta({ id: "StaffProfile" });

export const ZApiKeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string().describe("The key's first characters, to tell keys apart"),
    createdAt: z.date(),
    lastUsedAt: z.date().nullable(),
    expiresAt: z.date().nullable().describe("When the key stops working; null for a key that lives until revoked"),
    revokedAt: z.date().nullable(),
    createdBy: z.string().nullable(),
    role: z.enum(API_KEY_ROLES).describe("office (the default), or crew: only that crew's days"),
    crewId: z.number().int().nullable().describe("The crew a crew key acts for; null for an office key"),
  })
  .meta({ id: "ApiKey" });

export const ZCreatedApiKeySchema = z
  .object({
    key: z.string().describe("The secret key: shown this once, stored only as a hash"),
    apiKey: ZApiKeySchema,
  })
  .meta({ id: "CreatedApiKey" });

const rows = (what: string) => z.array(z.record(z.string(), z.unknown())).describe(what);

export const ZBusinessExportSchema = z
  .object({
    exportedAt: z.date(),
    customers: rows("Customers, without password hashes"),
    schedules: rows("Schedules, the plans (a recurring series is one row)"),
    visits: rows("Visits, one row each, a series' coming visits included"),
    messages: rows("Messages between staff and customers"),
    payments: rows("Payments, amounts in cents"),
  })
  .meta({ id: "BusinessExport" });
