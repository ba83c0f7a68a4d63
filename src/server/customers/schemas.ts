import { z } from "zod";
import { ZSessionCustomerSchema } from "@/server/auth/schemas";

/** What staff see of a customer: the customer's own details plus notes and account state. */
export const ZCustomerSchema = ZSessionCustomerSchema.extend({
  notes: z.string().nullable(),
  isVerified: z.boolean().describe("The customer proved their email address"),
  hasPortalAccount: z.boolean().describe("The customer has set a portal password"),
  createdAt: z.date(),
}).meta({ id: "Customer" });

export const ZCustomerPageSchema = z
  .object({
    customers: z.array(ZCustomerSchema),
    total: z.number().int().describe("How many customers match the search in all pages"),
  })
  .meta({ id: "CustomerPage" });
