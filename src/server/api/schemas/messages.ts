import { z } from "zod";

export const ZUnreadMessageSchema = z
  .object({
    id: z.number().int(),
    customerId: z.number().int(),
    content: z.string(),
    timestamp: z.date(),
    customer: z.object({ fullName: z.string() }),
  })
  .meta({ id: "UnreadMessage" });
