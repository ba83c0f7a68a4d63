import { ROLES } from "@/lib/staff-roles";
import { ConflictError, InvalidInputError } from "@/server/errors";
import { createTRPCRouter, crewScopeOf, staffProcedure } from "@/server/api/trpc";
import { applyRoute } from "./apply-route";
import { getDayRoute } from "./day-route";
import { proposeRoute } from "./propose-route";
import { ZApplyRouteInput, ZAppliedRouteSchema, ZDayRouteSchema, ZRouteDayInput, ZRouteProposalSchema } from "./schemas";

const TAGS = ["routes"];

/** Each crew's day on the map, and a shorter order for it (docs/product-rules.md#the-days-route). */
export const routesRouter = createTRPCRouter({
  day: staffProcedure
    .meta({
      roles: ROLES.everyone,
      errors: [InvalidInputError],
      openapi: {
        method: "GET",
        path: "/routes/{crewId}/{date}",
        tags: TAGS,
        summary: "A crew's day: its stops in time order with address, notes, location and the drive from the stop before",
        description: "Distances are the straight line times 1.3, driven at 40 km/h. A crew account reads only its own crew's days.",
      },
    })
    .input(ZRouteDayInput)
    .output(ZDayRouteSchema)
    .query(({ ctx, input }) => getDayRoute(ctx.db, { ...input, scope: crewScopeOf(ctx.staff) })),

  propose: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [InvalidInputError],
      openapi: {
        method: "GET",
        path: "/routes/{crewId}/{date}/proposal",
        tags: TAGS,
        summary: "A shorter order for a crew's day, with new times and the distance before and after (nothing is saved)",
        description: "Nearest neighbour then 2-opt from the start address; fixed-time visits keep their place and time.",
      },
    })
    .input(ZRouteDayInput)
    .output(ZRouteProposalSchema)
    .query(({ ctx, input }) => proposeRoute(ctx.db, input)),

  applyOrder: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError, InvalidInputError],
      openapi: {
        method: "POST",
        path: "/routes/{crewId}/{date}/apply",
        tags: TAGS,
        summary: "Apply an order to a crew's day: visits move to their new times and customers are told (409 if the day changed meanwhile)",
      },
      unbatched: true,
    })
    .input(ZApplyRouteInput)
    .output(ZAppliedRouteSchema)
    .mutation(({ ctx, input }) => applyRoute(ctx.db, input)),
});
