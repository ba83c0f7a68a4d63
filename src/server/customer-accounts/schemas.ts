import { z } from "zod";

export const ZEmailSentResponseSchema = z.object({ success: z.literal(true), message: z.string() });
