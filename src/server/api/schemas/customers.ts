import { z } from "zod";

export const ZCustomerSchema = z
  .object({
    id: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    notes: z.string().nullable(),
    isVerified: z.boolean().describe("The customer proved their email address"),
    hasPortalAccount: z.boolean().describe("The customer has set a portal password"),
    createdAt: z.date(),
  })
  .meta({ id: "Customer" });
