import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { pathId } from "@/lib/validation/fields";
import { PROGRAM_MESSAGES, ZEnrollForm, ZProgramForm } from "@/lib/validation/programs";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { ConflictError, NotFoundError } from "@/server/errors";
import { cancelEnrollment, enroll, getEnrollment, listEnrollments, setRenewal, setRoundSkipped } from "./enrollments";
import { addProgram, getProgram, listPrograms, setProgramActive, updateProgram } from "./programs";
import { ZEnrollmentSchema, ZProgramSchema } from "./schemas";

const TAGS = ["programs"];
const ZProgramId = pathId(PROGRAM_MESSAGES.notFound);
const ZEnrollmentId = pathId(PROGRAM_MESSAGES.enrollmentNotFound);
const ZPosition = z
  .number({ error: PROGRAM_MESSAGES.roundNotFound })
  .int(PROGRAM_MESSAGES.roundNotFound)
  .min(1, PROGRAM_MESSAGES.roundNotFound)
  .max(24, PROGRAM_MESSAGES.roundNotFound);

/** Lawn programs and who is enrolled in them, for owners and office (docs/product-rules.md#lawn-programs). */
export const programsRouter = createTRPCRouter({
  list: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/programs",
        tags: TAGS,
        summary: "The lawn programs with their rounds, active first; retired ones with status=all",
      },
    })
    .input(z.object({ status: z.enum(["active", "all"]).default("all") }))
    .output(z.array(ZProgramSchema))
    .query(({ ctx, input }) => listPrograms(ctx.db, { activeOnly: input.status === "active" })),

  get: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: { method: "GET", path: "/programs/{id}", tags: TAGS, summary: "One program" },
    })
    .input(z.object({ id: ZProgramId }))
    .output(ZProgramSchema)
    .query(({ ctx, input }) => getProgram(ctx.db, input.id)),

  add: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError],
      openapi: { method: "POST", path: "/programs", tags: TAGS, summary: "Define a program (409 when an active program has the name)" },
      successStatus: 201,
    })
    .input(ZProgramForm)
    .output(ZProgramSchema)
    .mutation(({ ctx, input }) => addProgram(ctx.db, input)),

  update: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError, NotFoundError],
      openapi: {
        method: "PUT",
        path: "/programs/{id}",
        tags: TAGS,
        summary: "Save a program and its rounds; seasons already sold keep the rounds they were sold with",
      },
    })
    .input(ZProgramForm.extend({ id: ZProgramId }))
    .output(ZProgramSchema)
    .mutation(({ ctx, input: { id, ...form } }) => updateProgram(ctx.db, id, form)),

  retire: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: {
        method: "POST",
        path: "/programs/{id}/retire",
        tags: TAGS,
        summary: "Retire a program: no one new is enrolled, nor renewed",
      },
    })
    .input(z.object({ id: ZProgramId }))
    .output(ZProgramSchema)
    .mutation(({ ctx, input }) => setProgramActive(ctx.db, input.id, false)),

  reactivate: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError, NotFoundError],
      openapi: { method: "POST", path: "/programs/{id}/reactivate", tags: TAGS, summary: "Bring a retired program back" },
    })
    .input(z.object({ id: ZProgramId }))
    .output(ZProgramSchema)
    .mutation(({ ctx, input }) => setProgramActive(ctx.db, input.id, true)),

  enrollments: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/enrollments",
        tags: TAGS,
        summary: "Enrollments, newest season first, by customer, program or season (at most 500), each round with its state today",
      },
    })
    .input(
      z.object({
        customerId: pathId("Customer not found").optional(),
        programId: ZProgramId.optional(),
        season: z
          .number({ error: PROGRAM_MESSAGES.season })
          .int(PROGRAM_MESSAGES.season)
          .min(2000, PROGRAM_MESSAGES.season)
          .max(2200, PROGRAM_MESSAGES.season)
          .optional(),
      }),
    )
    .output(z.array(ZEnrollmentSchema))
    .query(({ ctx, input }) => listEnrollments(ctx.db, input)),

  enrollment: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: { method: "GET", path: "/enrollments/{id}", tags: TAGS, summary: "One enrollment" },
    })
    .input(z.object({ id: ZEnrollmentId }))
    .output(ZEnrollmentSchema)
    .query(({ ctx, input }) => getEnrollment(ctx.db, input.id)),

  enroll: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError, NotFoundError],
      openapi: {
        method: "POST",
        path: "/enrollments",
        tags: TAGS,
        summary:
          "Enroll a customer in a program for a season (this year's while a round is open, else the next): the rounds are copied and priced for the lawn (409 when already enrolled)",
      },
      successStatus: 201,
    })
    .input(ZEnrollForm)
    .output(ZEnrollmentSchema)
    .mutation(({ ctx, input }) => enroll(ctx.db, input, { source: ctx.staff.kind === "apiKey" ? "api" : "staff" })),

  cancelEnrollment: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: {
        method: "POST",
        path: "/enrollments/{id}/cancel",
        tags: TAGS,
        summary: "Cancel an enrollment: no round of it is due any more, nor renewed",
      },
    })
    .input(z.object({ id: ZEnrollmentId }))
    .output(ZEnrollmentSchema)
    .mutation(({ ctx, input }) => cancelEnrollment(ctx.db, input.id)),

  skipRound: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError, NotFoundError],
      openapi: {
        method: "POST",
        path: "/enrollments/{id}/rounds/{position}/skip",
        tags: TAGS,
        summary: "Skip a round (skipped: true) or take the skip back (409 when it is done or has a visit planned)",
      },
    })
    .input(z.object({ id: ZEnrollmentId, position: ZPosition, skipped: z.boolean().default(true) }))
    .output(ZEnrollmentSchema)
    .mutation(({ ctx, input }) =>
      setRoundSkipped(ctx.db, { enrollmentId: input.id, position: input.position, skipped: input.skipped, by: "staff" }),
    ),

  setRenewal: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError, NotFoundError],
      openapi: {
        method: "PUT",
        path: "/enrollments/{id}/renewal",
        tags: TAGS,
        summary: "Renew the enrollment for the next season, or not",
      },
    })
    .input(z.object({ id: ZEnrollmentId, autoRenew: z.boolean() }))
    .output(ZEnrollmentSchema)
    .mutation(({ ctx, input }) => setRenewal(ctx.db, { enrollmentId: input.id, autoRenew: input.autoRenew })),
});
