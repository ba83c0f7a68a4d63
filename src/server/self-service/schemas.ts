import { z } from "zod";

export const CHANGE_EFFECTS = ["skipped", "moved", "paused", "restored", "notRestored", "removed"] as const;

export const ZAppointmentChangeSchema = z
  .object({
    action: z.enum(["skip", "reschedule", "pause", "resume", "endPlan"]),
    applied: z.boolean().describe("False for a preview: nothing was written"),
    summary: z.string().describe("What the action does, in a sentence"),
    changes: z.array(
      z.object({
        visitId: z.string(),
        serviceName: z.string().nullable(),
        startTime: z.date(),
        endTime: z.date(),
        effect: z.enum(CHANGE_EFFECTS),
        newStartTime: z.date().nullable().describe("Where a moved visit goes"),
        newEndTime: z.date().nullable(),
        note: z.string().nullable().describe("Why a paused visit could not be restored"),
      }),
    ),
  })
  .meta({ id: "AppointmentChange" });

export const ZRescheduleSlotsSchema = z
  .object({
    date: z.string(),
    slots: z.array(z.object({ time: z.string(), label: z.string(), startTime: z.date(), available: z.boolean() })),
  })
  .meta({ id: "RescheduleSlots" });
