import { z } from "zod";
import { positiveIdNumber } from "@/lib/validation/fields";

export const ZInquirySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().describe("Empty for a text"),
    phone: z.string().nullable().describe("For a text, the number it came from (E.164)"),
    message: z.string(),
    source: z.enum(["website", "text"]).describe("'website' for the contact form, 'text' for a text from a number no customer has"),
    createdAt: z.date(),
    handledAt: z.date().nullable(),
    customerId: z.number().int().nullable().describe("The customer this inquiry was turned into or linked to"),
  })
  .meta({ id: "Inquiry" });

export const ZInquiryCustomerRequestSchema = z.object({
  customerId: positiveIdNumber("customerId must be a customer's id")
    .optional()
    .describe("Attach the inquiry to this customer; without it, the customer with the inquiry's email, or a new one"),
});

export const ZInquiryCustomerResponseSchema = z
  .object({
    customerId: z.number().int(),
    created: z.boolean().describe("A new customer was made from the inquiry"),
    messageId: z.number().int().nullable().describe("For a text: the message it became in the customer's conversation"),
  })
  .meta({ id: "InquiryCustomer" });
