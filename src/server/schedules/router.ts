import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { dateStringField, pathId, timeOfDayField } from "@/lib/validation/fields";
import { DATE_PATTERN, type DateString } from "@/lib/business-time";
import { schedulePayloadWithId, ZSchedulePayloadSchema } from "@/lib/validation/schedule";
import { countVisitsByDay } from "@/server/schedules/day-counts";
import { listSchedulesInRange, listSchedulesJson, toScheduleVisit } from "@/server/schedules/list-schedules";
import { moveRainDay, planRainDayMove } from "@/server/schedules/rain-day";
import { getSchedule } from "@/server/schedules/get-schedule";
import { createSchedule, updateSchedule } from "@/server/schedules/save-schedule";
import { changeVisitStatus } from "@/server/schedules/visit-status";
import { authorOf, viaOf } from "@/server/applications/author";
import { ZApplicationInput } from "@/lib/validation/applications";
import { moveOneVisit } from "@/server/schedules/move-one-visit";
import { listVisitsNeedingTime } from "@/server/schedules/visits";
import { ZNoInputSchema } from "@/lib/validation/common";
import { ConflictError, InvalidInputError } from "@/server/errors";
import { createTRPCRouter, crewScopeOf, staffProcedure } from "@/server/api/trpc";
import {
  ZDayCountSchema,
  ZRainDayPlanSchema,
  ZRainDayResultSchema,
  ZSavedScheduleSchema,
  ZScheduleSchema,
  ZScheduleVisitSchema,
} from "@/server/schedules/schemas";
import { SCHEDULE_STATUSES } from "@/lib/schedule-enums";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

const TAGS = ["schedules"];
const ZScheduleId = pathId("Schedule not found");
/** The shape of a yyyy-MM-dd day; parseDateRange reads the day itself (2027-04-31 is April's last). */
const ZDateParam = (name: string) =>
  z
    .string({ error: `${name} is required (yyyy-MM-dd)` })
    .trim()
    .regex(DATE_PATTERN, `${name} must be a date written yyyy-MM-dd`);
const ZDateRangeInput = z.object({ startDate: ZDateParam("startDate"), endDate: ZDateParam("endDate") });
const ZRainDayInput = z.object({ fromDate: ZDateParam("fromDate"), toDate: ZDateParam("toDate") });
const ZListInput = z.object({
  startDate: ZDateParam("startDate"),
  endDate: ZDateParam("endDate"),
  customerId: pathId(CUSTOMER_NOT_FOUND).optional(),
});

/** PUT carries the same payload as POST plus the id from the path. */
const ZScheduleUpdateInput = schedulePayloadWithId(ZScheduleId);

export const schedulesRouter = createTRPCRouter({
  list: staffProcedure
    .meta({
      roles: ROLES.everyone,
      openapi: {
        method: "GET",
        path: "/schedules",
        tags: TAGS,
        summary:
          "Visits between two Austin dates, both inclusive, every visit of a series listed (endDate is clamped to its month, so 2027-04-31 means April 30)",
      },
    })
    .input(ZListInput)
    .output(z.array(ZScheduleVisitSchema))
    .query(({ ctx, input }) => listSchedulesInRange(ctx.db, { ...input, ...crewScopeOf(ctx.staff) })),

  dayCounts: staffProcedure
    .meta({
      roles: ROLES.everyone,
      openapi: {
        method: "GET",
        path: "/schedules/day-counts",
        tags: TAGS,
        summary:
          "How many visits start on each Austin day between two dates, both inclusive, by status; days without visits are left out (endDate is clamped to its month)",
      },
    })
    .input(ZDateRangeInput)
    .output(z.array(ZDayCountSchema))
    .query(({ ctx, input }) => countVisitsByDay(ctx.db, { ...input, ...crewScopeOf(ctx.staff) })),

  needingTime: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/schedules/needing-time",
        tags: TAGS,
        summary:
          "Visits waiting, pending, for staff to give them a time (no crew was free where an accepted quote's plan put them), soonest first, at most 200. Moving one, or setting any status but pending, takes it off",
      },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZScheduleVisitSchema))
    .query(async ({ ctx }) => (await listVisitsNeedingTime(ctx.db)).map(toScheduleVisit)),

  /**
   * The same list as the JSON text PostgreSQL writes: REST answers GET /schedules with it as it is
   * (src/server/http/rest-handler.ts). Hundreds of visits a month made validating each against the
   * output schema and serializing it again most of that answer's cost; a test holds this text to
   * the documented schema instead (src/server/schedules/list-schedules.test.ts).
   */
  listJson: staffProcedure
    .meta({ roles: ROLES.everyone })
    .input(ZListInput)
    .output(z.string())
    .query(({ ctx, input }) => listSchedulesJson(ctx.db, { ...input, ...crewScopeOf(ctx.staff) })),

  get: staffProcedure
    .meta({
      roles: ROLES.everyone,
      openapi: { method: "GET", path: "/schedules/{id}", tags: TAGS, summary: "One schedule (a one-time visit or a whole series)" },
    })
    .input(z.object({ id: ZScheduleId }))
    .output(ZScheduleSchema)
    .query(({ ctx, input }) => getSchedule(ctx.db, input.id, crewScopeOf(ctx.staff))),

  create: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError],
      openapi: {
        method: "POST",
        path: "/schedules",
        tags: TAGS,
        summary:
          "Schedule a visit or a series; serviceId is optional, totalPrice defaults to the service's price, else 0. 409 when every crew is busy at a visit's time: for a series, one issue per clashing visit with its nearest free time; send moveClashingVisits: true to move them there",
      },
      successStatus: 201,
    })
    .input(ZSchedulePayloadSchema)
    .output(ZSavedScheduleSchema)
    .mutation(({ ctx, input }) => createSchedule(ctx.db, input)),

  update: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError],
      openapi: {
        method: "PUT",
        path: "/schedules/{id}",
        tags: TAGS,
        summary:
          "Update a schedule: a one-time visit, or a series, whose visits from today on follow unless changed on their own (seriesChange counts them; 409 when every crew is busy, with the clashing visits as for POST)",
      },
    })
    .input(ZScheduleUpdateInput)
    .output(ZSavedScheduleSchema)
    .mutation(({ ctx, input: { id, ...payload } }) => updateSchedule(ctx.db, id, payload)),

  setVisitStatus: staffProcedure
    .meta({
      roles: ROLES.everyone,
      errors: [ConflictError],
      openapi: {
        method: "PATCH",
        path: "/schedules/visits/{visitId}/status",
        tags: TAGS,
        summary:
          "Change one visit's status; in a recurring series only that visit changes (409 when it would take a crew again and none is free). A crew member or crew key changes its crew's visits of today, and may complete an earlier day's late (403 otherwise). Completing a treatment visit needs its application record in `application` (400 without it)",
      },
    })
    .input(
      z.object({
        visitId: z.string().trim().max(40),
        status: z.enum(SCHEDULE_STATUSES, { error: "Status is required" }),
        application: ZApplicationInput.optional(),
      }),
    )
    .output(ZScheduleVisitSchema)
    .mutation(({ ctx, input }) =>
      changeVisitStatus(
        ctx.db,
        input.visitId,
        input.status,
        new Date(),
        crewScopeOf(ctx.staff),
        input.application && { input: input.application, author: authorOf(ctx.staff, viaOf(ctx.staff)) },
      ),
    ),

  moveVisit: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError, InvalidInputError],
      openapi: {
        method: "POST",
        path: "/schedules/visits/{visitId}/move",
        tags: TAGS,
        summary:
          "Move one visit to another day or time, keeping its length; in a series only that visit moves (409 when every crew is busy then, or the visit is done or cancelled). The customer is told.",
      },
    })
    .input(
      z.object({
        visitId: z.string().trim().max(40),
        date: dateStringField("Pick the day to move the visit to"),
        startTime: timeOfDayField("Pick a start time"),
      }),
    )
    .output(ZScheduleVisitSchema)
    .mutation(({ ctx, input }) => moveOneVisit(ctx.db, { ...input, date: input.date as DateString })),

  rainDayPreview: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/schedules/rain-day/preview",
        tags: TAGS,
        summary:
          "What moving a day's visits to another day would do, and any conflicts: a time every crew holds, or a crew that would hold two visits at once",
      },
    })
    .input(ZRainDayInput)
    .output(ZRainDayPlanSchema)
    .query(async ({ ctx, input }) => {
      const plan = await planRainDayMove(ctx.db, input);
      return {
        ...plan,
        visits: plan.moves.map(({ visit, newStartTime, newEndTime }) => ({
          visitId: visit.visitId,
          customerName: visit.customer.fullName,
          startTime: visit.startTime,
          endTime: visit.endTime,
          newStartTime,
          newEndTime,
        })),
      };
    }),

  rainDayMove: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError],
      openapi: {
        method: "POST",
        path: "/schedules/rain-day",
        tags: TAGS,
        summary:
          "Move every pending or confirmed visit of a day to another day, keeping times and series, and message each customer (409 when the crew capacity would be exceeded)",
      },
    })
    .input(ZRainDayInput)
    .output(ZRainDayResultSchema)
    .mutation(({ ctx, input }) => moveRainDay(ctx.db, { ...input, staffUserId: ctx.staff.user?.id ?? null })),
});
