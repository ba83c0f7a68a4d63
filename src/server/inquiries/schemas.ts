import { z } from "zod";

export const ZInquirySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    message: z.string(),
    createdAt: z.date(),
    handledAt: z.date().nullable(),
    customerId: z.number().int().nullable().describe("The customer this inquiry was turned into or linked to"),
  })
  .meta({ id: "Inquiry" });
