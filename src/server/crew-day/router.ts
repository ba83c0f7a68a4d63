import { z } from "zod";
import { businessToday } from "@/lib/business-time";
import { ROLES } from "@/lib/staff-roles";
import { ZNoInputSchema } from "@/lib/validation/common";
import {
  ZCantDoInput,
  ZCompleteVisitInput,
  ZCrewDayInput,
  ZOnMyWayInput,
  ZStartVisitInput,
  ZVisitPhotoInput,
} from "@/lib/validation/crew-day";
import { pathId } from "@/lib/validation/fields";
import { createTRPCRouter, crewScopeOf, customerProcedure, staffProcedure, type Context, type StaffCaller } from "@/server/api/trpc";
import { ConflictError, NotFoundError, TooManyRequestsError } from "@/server/errors";
import { findCrewStop, listCrewDay, listCrewProducts } from "./crew-day";
import { idempotencyKeyOf } from "./field-actions";
import { completeVisit, onMyWay, reportProblem, startVisit, type FieldCaller } from "./field-steps";
import { APPOINTMENT_NOT_FOUND } from "@/server/self-service/appointments";
import { addVisitPhoto, customerVisitPhotoIds } from "./photos";
import { listOpenProblems } from "./problems";
import { ZCrewDaySchema, ZCrewStopSchema, ZFieldActionResultSchema, ZVisitPhotoResultSchema } from "./schemas";

const TAGS = ["crew day"];
/** Photos come as base64 text: up to 2 MB of image in a request of at most 3 MB. */
const PHOTO_BODY_LIMIT = 3 * 1024 * 1024;
const KEY_NOTE = "Send an Idempotency-Key header: a replay with the same key applies once and answers the first result.";

/** The caller of a field action: whose idempotency keys, which crew's visits. */
function fieldCaller(ctx: Context & { staff: StaffCaller }, field: string | undefined): FieldCaller {
  const { staff } = ctx;
  return {
    actor: staff.kind === "session" ? `staff:${staff.user.id}` : `key:${staff.apiKeyId}`,
    key: idempotencyKeyOf(ctx.headers.get("idempotency-key"), field),
    crewScope: crewScopeOf(staff),
    staffUserId: staff.user?.id ?? null,
  };
}

/** The crew's day on a phone (docs/product-rules.md#the-crews-phone). */
export const crewDayRouter = createTRPCRouter({
  today: staffProcedure
    .meta({
      roles: ROLES.everyone,
      openapi: {
        method: "GET",
        path: "/crew/day",
        tags: TAGS,
        summary:
          "A crew's stops of one Austin day (today by default) in time order, with what the crew reported; a crew member always gets their own crew's, the office one crew's or every crew's",
      },
    })
    .input(ZCrewDayInput)
    .output(ZCrewDaySchema)
    .query(async ({ ctx, input }) => {
      const scope: { crewId?: number } = crewScopeOf(ctx.staff) ?? (input.crewId === undefined ? {} : { crewId: input.crewId });
      const date = input.date ?? businessToday();
      return {
        date,
        crewId: scope.crewId ?? null,
        stops: await listCrewDay(ctx.db, scope, date),
        products: await listCrewProducts(ctx.db),
      };
    }),

  onMyWay: staffProcedure
    .meta({
      roles: ROLES.everyone,
      errors: [ConflictError, TooManyRequestsError],
      unbatched: true,
      openapi: {
        method: "POST",
        path: "/crew/visits/{visitId}/on-my-way",
        tags: TAGS,
        summary: `Email the customer that the crew is on the way, with an arrival estimate (unless they turned visit emails off): at most once a visit, plus one corrected estimate when a later one differs by 15 minutes or more; other taps succeed without an email (customerNotified false). 429 when one sender taps far more often than a crew does. ${KEY_NOTE}`,
      },
    })
    .input(ZOnMyWayInput)
    .output(ZFieldActionResultSchema)
    .mutation(({ ctx, input }) => onMyWay(ctx.db, fieldCaller(ctx, input.idempotencyKey), { ...input, visitId: String(input.visitId) })),

  start: staffProcedure
    .meta({
      roles: ROLES.everyone,
      errors: [ConflictError],
      openapi: {
        method: "POST",
        path: "/crew/visits/{visitId}/start",
        tags: TAGS,
        summary: `Record that the crew started today's visit. ${KEY_NOTE}`,
      },
    })
    .input(ZStartVisitInput)
    .output(ZFieldActionResultSchema)
    .mutation(({ ctx, input }) => startVisit(ctx.db, fieldCaller(ctx, input.idempotencyKey), { ...input, visitId: String(input.visitId) })),

  complete: staffProcedure
    .meta({
      roles: ROLES.everyone,
      errors: [ConflictError],
      openapi: {
        method: "POST",
        path: "/crew/visits/{visitId}/complete",
        tags: TAGS,
        summary: `Complete today's visit with a note: the same status change as the office's, so it charges autopay, sends the receipt and fires visit.completed (409 when the office changed the visit after seenVersion). A treatment visit needs its application record in \`application\` (400 without it or with a product not on the active list, 409 when the applicator's license is not valid today); a crew member is its applicator. ${KEY_NOTE}`,
      },
    })
    .input(ZCompleteVisitInput)
    .output(ZFieldActionResultSchema)
    .mutation(({ ctx, input }) =>
      completeVisit(ctx.db, fieldCaller(ctx, input.idempotencyKey), { ...input, visitId: String(input.visitId) }),
    ),

  cantDo: staffProcedure
    .meta({
      roles: ROLES.everyone,
      errors: [ConflictError],
      openapi: {
        method: "POST",
        path: "/crew/visits/{visitId}/cant-do",
        tags: TAGS,
        summary: `Report that today's visit cannot be done, and why: the office sees it at once. ${KEY_NOTE}`,
      },
    })
    .input(ZCantDoInput)
    .output(ZFieldActionResultSchema)
    .mutation(({ ctx, input }) =>
      reportProblem(ctx.db, fieldCaller(ctx, input.idempotencyKey), { ...input, visitId: String(input.visitId) }),
    ),

  addPhoto: staffProcedure
    .meta({
      roles: ROLES.everyone,
      errors: [ConflictError],
      unbatched: true,
      bodyLimit: PHOTO_BODY_LIMIT,
      successStatus: 201,
      openapi: {
        method: "POST",
        path: "/crew/visits/{visitId}/photos",
        tags: TAGS,
        summary: `Keep a photo with today's visit: JPEG, PNG or WebP as base64, at most 2 MB and 3 photos a visit (the type is read from the bytes). ${KEY_NOTE}`,
      },
    })
    .input(ZVisitPhotoInput)
    .output(ZVisitPhotoResultSchema)
    .mutation(({ ctx, input }) =>
      addVisitPhoto(ctx.db, fieldCaller(ctx, input.idempotencyKey), { ...input, visitId: String(input.visitId) }),
    ),

  visitReport: staffProcedure
    .meta({
      roles: ROLES.everyone,
      openapi: {
        method: "GET",
        path: "/crew/visits/{visitId}/report",
        tags: TAGS,
        summary: "What the crew reported on a visit (on the way, started, completed with a note and photos, or could not do it)",
      },
    })
    .input(z.object({ visitId: pathId("Visit not found") }))
    .output(ZCrewStopSchema)
    .query(async ({ ctx, input }) => {
      const stop = await findCrewStop(ctx.db, input.visitId);
      const scope = crewScopeOf(ctx.staff);
      if (!stop || (scope && stop.crewId !== scope.crewId)) throw new NotFoundError("Visit not found");
      return stop;
    }),

  problems: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/crew/problems",
        tags: TAGS,
        summary: "Today's visits still to do that a crew reported it cannot do, with the reason, oldest first",
      },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZCrewStopSchema))
    .query(({ ctx }) => listOpenProblems(ctx.db)),

  customerPhotos: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/customer/appointments/{id}/photos",
        tags: ["customer portal"],
        summary:
          "The ids of the crew's photos of one of the customer's completed visits (none before it is completed); each is at /api/visit-photos/{photoId}",
      },
    })
    .input(z.object({ id: pathId(APPOINTMENT_NOT_FOUND) }))
    .output(z.array(z.number().int()))
    .query(({ ctx, input }) => customerVisitPhotoIds(ctx.db, ctx.customer.id, String(input.id))),
});
