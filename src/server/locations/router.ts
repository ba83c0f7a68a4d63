import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { pathId } from "@/lib/validation/fields";
import { pinInput, ZRouteStartFormSchema } from "@/lib/validation/locations";
import { ZNoInputSchema } from "@/lib/validation/common";
import { InvalidInputError } from "@/server/errors";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { ZRouteStartSchema } from "./schemas";
import { LOCATION_SOURCES } from "@/lib/location-sources";
import { dropPin, getCustomerLocation } from "./pins";
import { getRouteStart, saveRouteStart } from "./route-start";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";

const TAGS = ["locations"];
const ZPinned = z.object({
  id: z.number(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  locationSource: z.enum(LOCATION_SOURCES).nullable(),
});

/** Where customers, plans and the business are on the map (docs/product-rules.md#where-each-visit-is). */
export const locationsRouter = createTRPCRouter({
  pinCustomer: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [InvalidInputError],
      openapi: {
        method: "PUT",
        path: "/customers/{id}/location",
        tags: TAGS,
        summary: "Drop a customer's pin on the map (kept until the address changes)",
      },
    })
    .input(pinInput(pathId(CUSTOMER_NOT_FOUND)))
    .output(ZPinned)
    .mutation(({ ctx, input: { id, ...pin } }) => dropPin(ctx.db, "customer", id, pin)),

  customerLocation: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/customers/{id}/location",
        tags: TAGS,
        summary: "Where a customer is on the map, and where that came from",
      },
    })
    .input(z.object({ id: pathId(CUSTOMER_NOT_FOUND) }))
    .output(ZPinned)
    .query(({ ctx, input }) => getCustomerLocation(ctx.db, input.id)),

  pinPlan: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [InvalidInputError],
      openapi: {
        method: "PUT",
        path: "/schedules/{id}/location",
        tags: TAGS,
        summary: "Drop a plan's pin on the map: every visit of it is there (kept until the address changes)",
      },
    })
    .input(pinInput(pathId("Schedule not found")))
    .output(ZPinned)
    .mutation(({ ctx, input: { id, ...pin } }) => dropPin(ctx.db, "plan", id, pin)),

  routeStart: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/settings/route-start",
        tags: TAGS,
        summary: "The business's start address, where each crew's route begins (null until set)",
      },
    })
    .input(ZNoInputSchema)
    .output(ZRouteStartSchema.nullable())
    .query(({ ctx }) => getRouteStart(ctx.db)),

  saveRouteStart: staffProcedure
    .meta({
      roles: ROLES.ownerOnly,
      errors: [InvalidInputError],
      openapi: {
        method: "PUT",
        path: "/settings/route-start",
        tags: TAGS,
        summary: "Set the business's start address; it is placed on the map at once",
      },
    })
    .input(ZRouteStartFormSchema)
    .output(ZRouteStartSchema)
    .mutation(({ ctx, input }) => saveRouteStart(ctx.db, input)),
});
