import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { APPLICATION_MESSAGES, ZAmendmentInput, ZApplicationInput } from "@/lib/validation/applications";
import { ZNoInputSchema } from "@/lib/validation/common";
import { pathId } from "@/lib/validation/fields";
import { createTRPCRouter, crewScopeOf, staffProcedure } from "@/server/api/trpc";
import { ConflictError, NotFoundError } from "@/server/errors";
import { listApplicators } from "./applicators";
import { authorOf, viaOf } from "./author";
import { amendApplication, editApplication } from "./correct";
import { getApplication, getVisitApplication } from "./read";
import { ZApplicationRecordSchema, ZApplicatorSchema, ZVisitApplicationSchema } from "./schemas";

const TAGS = ["application records"];
const ZRecordId = pathId(APPLICATION_MESSAGES.notFound);
const CREW_NOTE = "A crew member reads their crew's visits' records (another crew's reads as not found)";

/**
 * Pesticide application records (docs/product-rules.md#application-records). They are written with
 * a treatment visit's completion (the crew's complete, the schedule's status change); here they are
 * read, corrected on their day, and amended after it.
 */
export const applicationsRouter = createTRPCRouter({
  forVisit: staffProcedure
    .meta({
      roles: ROLES.everyone,
      errors: [NotFoundError],
      openapi: {
        method: "GET",
        path: "/visits/{visitId}/application",
        tags: TAGS,
        summary: `A visit's application record and its amendments (record null while it has none). ${CREW_NOTE}`,
      },
    })
    .input(z.object({ visitId: z.string().trim().max(40) }))
    .output(ZVisitApplicationSchema)
    .query(({ ctx, input }) => getVisitApplication(ctx.db, input.visitId, crewScopeOf(ctx.staff))),

  get: staffProcedure
    .meta({
      roles: ROLES.everyone,
      errors: [NotFoundError],
      openapi: { method: "GET", path: "/applications/{id}", tags: TAGS, summary: `One application record or amendment. ${CREW_NOTE}` },
    })
    .input(z.object({ id: ZRecordId }))
    .output(ZApplicationRecordSchema)
    .query(({ ctx, input }) => getApplication(ctx.db, input.id, crewScopeOf(ctx.staff))),

  edit: staffProcedure
    .meta({
      roles: ROLES.everyone,
      errors: [ConflictError, NotFoundError],
      openapi: {
        method: "PUT",
        path: "/applications/{id}",
        tags: TAGS,
        summary:
          "Correct a record on its own Austin day, by whoever recorded it or the office (409 after its day: record an amendment; 409 when the applicator's license is not valid that day)",
      },
    })
    .input(ZApplicationInput.extend({ id: ZRecordId }))
    .output(ZApplicationRecordSchema)
    .mutation(({ ctx, input: { id, ...form } }) => editApplication(ctx.db, id, form, authorOf(ctx.staff, viaOf(ctx.staff)))),

  amend: staffProcedure
    .meta({
      roles: ROLES.everyone,
      errors: [ConflictError, NotFoundError],
      successStatus: 201,
      openapi: {
        method: "POST",
        path: "/applications/{id}/amendments",
        tags: TAGS,
        summary:
          "Amend a record: a new record with the full corrected content and the reason, the original kept as it was (409 when the record was already amended: amend the latest). Crew amend only records they wrote",
      },
    })
    .input(ZAmendmentInput.extend({ id: ZRecordId }))
    .output(ZApplicationRecordSchema)
    .mutation(({ ctx, input: { id, ...form } }) => amendApplication(ctx.db, id, form, authorOf(ctx.staff, viaOf(ctx.staff)))),

  applicators: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/applicators",
        tags: TAGS,
        summary: "The staff holding an applicator license, and whether each may apply today (the office picks a record's applicator)",
      },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZApplicatorSchema))
    .query(({ ctx }) => listApplicators(ctx.db)),
});
