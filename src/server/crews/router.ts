import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { pathId } from "@/lib/validation/fields";
import { CREW_MESSAGES, ZCrewFormSchema } from "@/lib/validation/crews";
import { addCrew, listCrews, removeCrew, renameCrew } from "@/server/crews/crews-repository";
import { ConflictError } from "@/server/errors";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { ZNoInputSchema } from "@/lib/validation/common";
import { ZCrewRemovedSchema, ZCrewSchema } from "@/server/crews/schemas";

const TAGS = ["crews"];
const ZCrewId = pathId(CREW_MESSAGES.notFound);

/** The named crews: as many visits can run at once as there are crews. */
export const crewsRouter = createTRPCRouter({
  list: staffProcedure
    .meta({
      roles: ROLES.everyone,
      openapi: { method: "GET", path: "/crews", tags: TAGS, summary: "The crews, in screen order (their number is the crew capacity)" },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZCrewSchema))
    .query(({ ctx }) => listCrews(ctx.db)),

  add: staffProcedure
    .meta({
      roles: ROLES.ownerOnly,
      errors: [ConflictError],
      openapi: { method: "POST", path: "/crews", tags: TAGS, summary: "Add a crew (409 when another crew has the name)" },
      successStatus: 201,
    })
    .input(ZCrewFormSchema)
    .output(ZCrewSchema)
    .mutation(({ ctx, input }) => addCrew(ctx.db, input)),

  rename: staffProcedure
    .meta({
      roles: ROLES.ownerOnly,
      errors: [ConflictError],
      openapi: { method: "PUT", path: "/crews/{id}", tags: TAGS, summary: "Rename a crew (409 when another crew has the name)" },
    })
    .input(ZCrewFormSchema.safeExtend({ id: ZCrewId }))
    .output(ZCrewSchema)
    .mutation(({ ctx, input: { id, ...form } }) => renameCrew(ctx.db, id, form)),

  remove: staffProcedure
    .meta({
      roles: ROLES.ownerOnly,
      errors: [ConflictError],
      openapi: {
        method: "DELETE",
        path: "/crews/{id}",
        tags: TAGS,
        summary: "Remove a crew: its visits still to come become unassigned (409 for the last crew)",
      },
    })
    .input(z.object({ id: ZCrewId }))
    .output(ZCrewRemovedSchema)
    .mutation(({ ctx, input }) => removeCrew(ctx.db, input.id)),
});
