import { z } from "zod";
import { SERVICE_CATEGORIES } from "@/server/db/schema";

export const ZServiceSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    price: z.number().int().describe("Price in cents"),
    pricePerSqFt: z.number().int().nullable().describe("Cents per square foot, when priced by lawn size"),
    category: z.enum(SERVICE_CATEGORIES),
    duration: z.number().int().describe("Minutes"),
    estimatedDuration: z.number().int().describe("Minutes"),
    imageUrl: z.string().nullable(),
    isPopular: z.boolean(),
    availableZipCodes: z.array(z.string()).nullable(),
  })
  .meta({ id: "Service" });
