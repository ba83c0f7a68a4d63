import { z } from "zod";
import { LOCATION_SOURCES } from "@/lib/location-sources";
import { MAX_DATABASE_ID, dateStringField, pathId } from "@/lib/validation/fields";
import { ROUTE_MESSAGES } from "./day-route";
import { ZRouteStartSchema } from "@/server/locations/schemas";

/** A day's route is asked for by crew and Austin date: `/routes/{crewId}/{date}`. */
export const ZRouteDayInput = z.object({
  crewId: pathId(ROUTE_MESSAGES.crewNotFound),
  date: dateStringField(ROUTE_MESSAGES.date),
});

/** A crew's day has a few dozen stops at most; more is not a day's work, and not a request to take. */
export const MAX_ROUTE_STOPS = 200;

export const ZApplyRouteInput = ZRouteDayInput.extend({
  version: z.string({ error: "The proposal's version is required" }).regex(/^[0-9a-f]{32}$/, "The proposal's version is not one we gave"),
  order: z
    .array(z.number({ error: "Visit ids must be numbers" }).int().positive().max(MAX_DATABASE_ID), {
      error: "The order must list the day's visits",
    })
    .max(MAX_ROUTE_STOPS, `A day has at most ${MAX_ROUTE_STOPS} stops`),
});

export const ZLegSchema = z.object({ km: z.number(), miles: z.number(), minutes: z.number() });

const ZStopSchema = z.object({
  visitId: z.number(),
  scheduleId: z.number(),
  startTime: z.date(),
  endTime: z.date(),
  status: z.enum(["pending", "confirmed", "completed"]),
  customer: z.object({ id: z.number(), fullName: z.string(), phone: z.string().nullable() }),
  address: z.string(),
  service: z.string().nullable(),
  notes: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  customerNotes: z.string().nullable(),
  location: z.object({ latitude: z.number(), longitude: z.number(), source: z.enum(LOCATION_SOURCES) }).nullable(),
  fixed: z.boolean(),
  fixedReason: z.string().nullable(),
  legFromPrevious: ZLegSchema.nullable(),
  navigateUrl: z.string(),
});

export const ZDayRouteSchema = z.object({
  crew: z.object({ id: z.number(), name: z.string() }),
  date: z.string(),
  start: ZRouteStartSchema.extend({ label: z.string() }).nullable(),
  stops: z.array(ZStopSchema),
  total: ZLegSchema,
  version: z.string(),
});

export const ZRouteProposalSchema = z.object({
  crewId: z.number(),
  date: z.string(),
  version: z.string(),
  before: ZLegSchema,
  after: ZLegSchema,
  stops: z.array(
    z.object({
      visitId: z.number(),
      customerName: z.string(),
      startTime: z.date(),
      endTime: z.date(),
      previousStartTime: z.date(),
      moved: z.boolean(),
      fixed: z.boolean(),
      legFromPrevious: ZLegSchema.nullable(),
    }),
  ),
  changed: z.boolean(),
  message: z.string(),
});

export const ZAppliedRouteSchema = z.object({
  movedVisits: z.number(),
  notifiedCustomers: z.number(),
  before: ZLegSchema,
  after: ZLegSchema,
});
