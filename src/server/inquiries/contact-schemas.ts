import { z } from "zod";

export const ZContactInquiryResponseSchema = z
  .object({
    success: z.literal(true),
    id: z.number().int().describe("The stored inquiry's id"),
    message: z.string(),
  })
  .meta({ id: "ContactInquiryReceipt" });
