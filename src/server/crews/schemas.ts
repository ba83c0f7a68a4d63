import { z } from "zod";

export const ZCrewSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    position: z.number().int().describe("Order on screens, smallest first"),
  })
  .meta({ id: "Crew" });

export const ZCrewRemovedSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    unassignedVisits: z.number().int().describe("Visits still to come that lost this crew and are now unassigned"),
  })
  .meta({ id: "CrewRemoved" });
