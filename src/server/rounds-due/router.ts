import { ROLES } from "@/lib/staff-roles";
import { ZRoundsDueRangeInput, ZScheduleRoundsInput } from "@/lib/validation/rounds-due";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { ConflictError } from "@/server/errors";
import { listRoundsDue } from "./list-rounds-due";
import { scheduleRounds } from "./schedule-rounds";
import { ZRoundsDueResponseSchema, ZScheduleRoundsResponseSchema } from "./schemas";

const TAGS = ["rounds due"];

/** The lawn programs' rounds due and scheduling them: owners and office (docs/product-rules.md#rounds-due). */
export const roundsDueRouter = createTRPCRouter({
  list: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/rounds-due",
        tags: TAGS,
        summary: "The rounds due in a range of at most 62 days, grouped by ZIP code, and the rounds missed in it",
      },
    })
    .input(ZRoundsDueRangeInput)
    .output(ZRoundsDueResponseSchema)
    .query(({ ctx, input }) => listRoundsDue(ctx.db, input)),

  schedule: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError],
      openapi: {
        method: "POST",
        path: "/rounds-due/schedule",
        tags: TAGS,
        summary: "Schedule due rounds on a day, inside the crews' capacity (409 when one was scheduled or skipped meanwhile)",
      },
    })
    .input(ZScheduleRoundsInput)
    .output(ZScheduleRoundsResponseSchema)
    .mutation(({ ctx, input }) => scheduleRounds(ctx.db, input)),
});
