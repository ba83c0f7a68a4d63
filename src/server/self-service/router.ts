import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { ZDateField, ZSelfServiceActionSchema, ZSelfServiceRulesSchema, type TSelfServiceAction } from "@/lib/validation/self-service";
import { ConflictError, ForbiddenError, InvalidInputError } from "@/server/errors";
import { APPOINTMENT_NOT_FOUND } from "@/server/self-service/appointments";
import { changeAppointment, previewAppointmentChange } from "@/server/self-service/change-appointment";
import { rescheduleSlots } from "@/server/self-service/reschedule-slots";
import { getSelfServiceRules, saveSelfServiceRules } from "@/server/settings/self-service-rules";
import { createTRPCRouter, customerProcedure, staffProcedure } from "@/server/api/trpc";
import { ZNoInputSchema } from "@/lib/validation/common";
import { ZAppointmentChangeSchema, ZRescheduleSlotsSchema } from "./schemas";

const TAGS = ["customer portal"];
const ERRORS = [ConflictError, ForbiddenError, InvalidInputError];
const ZAppointmentId = z.string().trim().min(1, APPOINTMENT_NOT_FOUND).max(40, APPOINTMENT_NOT_FOUND);
const ZTimeSlot = z
  .string({ error: "Pick a time" })
  .trim()
  .regex(/^\d{2}:\d{2}$/, "Pick a time such as 10:00");

/** One action on a visit of the session's customer; anyone else's visit answers 404. */
function action(path: string, summary: string, description: string) {
  return {
    errors: ERRORS,
    openapi: { method: "POST" as const, path: `/customer/appointments/{id}/${path}` as const, tags: TAGS, summary, description },
  };
}

/**
 * What customers change themselves on their recurring plans, inside the rules the business sets
 * (docs/product-rules.md#recurring-plans-and-visits). Every action is checked on the server; the
 * preview runs the same checks and writes nothing.
 */
export const selfServiceRouter = createTRPCRouter({
  preview: customerProcedure
    .meta(
      action(
        "preview",
        "What a change would do, before it is confirmed",
        "Runs every rule of the action and lists the visits it would change; writes nothing.",
      ),
    )
    .input(z.object({ id: ZAppointmentId, change: ZSelfServiceActionSchema }))
    .output(ZAppointmentChangeSchema)
    .mutation(({ ctx, input }) => previewAppointmentChange(ctx.db, ctx.customer.id, input.id, input.change)),

  skip: customerProcedure
    .meta(
      action(
        "skip",
        "Skip one visit of a recurring plan",
        "The plan goes on; the visit is cancelled and marked as skipped by the customer.",
      ),
    )
    .input(z.object({ id: ZAppointmentId }))
    .output(ZAppointmentChangeSchema)
    .mutation(({ ctx, input }) => run(ctx, input.id, { action: "skip" })),

  reschedule: customerProcedure
    .meta(
      action(
        "reschedule",
        "Move a visit to another free time",
        "Up to 14 days either side of its planned date, into a slot with a free crew.",
      ),
    )
    .input(z.object({ id: ZAppointmentId, date: ZDateField("The new date"), timeSlot: ZTimeSlot }))
    .output(ZAppointmentChangeSchema)
    .mutation(({ ctx, input }) => run(ctx, input.id, { action: "reschedule", date: input.date, timeSlot: input.timeSlot })),

  pause: customerProcedure
    .meta(
      action(
        "pause",
        "Pause the visit's plan until a date",
        "This visit and the plan's visits before `until` are skipped, up to the longest pause the business allows.",
      ),
    )
    .input(z.object({ id: ZAppointmentId, until: ZDateField("The date to resume") }))
    .output(ZAppointmentChangeSchema)
    .mutation(({ ctx, input }) => run(ctx, input.id, { action: "pause", until: input.until })),

  resume: customerProcedure
    .meta(
      action(
        "resume",
        "Resume the visit's paused plan",
        "Paused visits still to come are booked again where a crew is free; the answer lists those that could not be.",
      ),
    )
    .input(z.object({ id: ZAppointmentId }))
    .output(ZAppointmentChangeSchema)
    .mutation(({ ctx, input }) => run(ctx, input.id, { action: "resume" })),

  endPlan: customerProcedure
    .meta(action("end-plan", "End the plan after this visit", "This visit is the plan's last; later visits are removed."))
    .input(z.object({ id: ZAppointmentId }))
    .output(ZAppointmentChangeSchema)
    .mutation(({ ctx, input }) => run(ctx, input.id, { action: "endPlan" })),

  slots: customerProcedure
    .meta({
      errors: [ConflictError, ForbiddenError, InvalidInputError],
      openapi: { method: "GET", path: "/customer/appointments/{id}/slots", tags: TAGS, summary: "Times a visit could move to on a date" },
    })
    .input(z.object({ id: ZAppointmentId, date: ZDateField("The date") }))
    .output(ZRescheduleSlotsSchema)
    .query(({ ctx, input }) => rescheduleSlots(ctx.db, ctx.customer.id, input.id, input.date)),

  rules: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/settings/self-service",
        tags: ["settings"],
        summary: "What customers may change themselves in the portal",
      },
    })
    .input(ZNoInputSchema)
    .output(ZSelfServiceRulesSchema)
    .query(({ ctx }) => getSelfServiceRules(ctx.db)),

  saveRules: staffProcedure
    .meta({
      roles: ROLES.ownerOnly,
      openapi: {
        method: "PUT",
        path: "/settings/self-service",
        tags: ["settings"],
        summary: "Set what customers may change themselves in the portal",
      },
    })
    .input(ZSelfServiceRulesSchema)
    .output(ZSelfServiceRulesSchema)
    .mutation(({ ctx, input }) => saveSelfServiceRules(ctx.db, input)),
});

function run(ctx: { db: Parameters<typeof changeAppointment>[0]; customer: { id: number } }, id: string, change: TSelfServiceAction) {
  return changeAppointment(ctx.db, ctx.customer.id, id, change);
}
