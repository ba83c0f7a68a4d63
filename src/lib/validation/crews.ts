import { z } from "zod";
import { requiredText } from "./fields";

export const CREW_MESSAGES = {
  name: "Crew name is required",
  notFound: "Crew not found",
  unknown: "That crew does not exist. Pick one of the crews in Settings.",
  lastCrew: "Keep at least one crew: visits need a crew to run.",
  tooMany: "A business can have at most 50 crews",
} as const;

/** Crews are few: more would be a mistake, and every day view shows them all. */
export const MAX_CREWS = 50;

/** Adding or renaming a crew. */
export const ZCrewFormSchema = z.object({ name: requiredText(CREW_MESSAGES.name, { max: 40 }) });

export type TCrewForm = z.output<typeof ZCrewFormSchema>;
