import { dayAvailability } from "@/server/schedules/availability";
import { NotFoundError } from "@/server/errors";
import { ZAvailabilityRequestSchema } from "@/server/booking/schemas";
import { ZAvailabilityResponseSchema } from "@/server/schedules/schemas";
import { createTRPCRouter, publicProcedure } from "@/server/api/trpc";

/** Which hourly slots of a day can still be booked for a service. */
export const availabilityRouter = createTRPCRouter({
  get: publicProcedure
    .meta({
      errors: [NotFoundError],
      openapi: {
        method: "GET",
        path: "/availability",
        tags: ["booking"],
        protect: false,
        summary: "Bookable time slots of a day",
        description:
          "Every hourly slot from 9:00 to 17:00 (Austin time) with whether it can be booked: the date must be " +
          "tomorrow or later and fewer pending or confirmed visits than crews may overlap the slot for the " +
          "service's duration.",
      },
    })
    .input(ZAvailabilityRequestSchema)
    .output(ZAvailabilityResponseSchema)
    .query(async ({ ctx, input }) => {
      const day = await dayAvailability(ctx.db, { date: input.date, serviceId: input.serviceId });
      if (!day) throw new NotFoundError("That service does not exist.");
      return { ...day, serviceId: input.serviceId };
    }),
});
