import { ZCreateBookingRequestSchema } from "@/lib/validation/booking";
import { bookWithinLimits } from "@/server/booking/booking-limits";
import { ConflictError, TooManyRequestsError } from "@/server/errors";
import { ZBookingResponseSchema } from "@/server/booking/schemas";
import { createTRPCRouter, publicProcedure } from "@/server/api/trpc";

/** The wizard's Complete Booking, also open to integrations as REST. */
export const bookingRouter = createTRPCRouter({
  create: publicProcedure
    .meta({
      errors: [ConflictError, TooManyRequestsError],
      openapi: {
        method: "POST",
        path: "/bookings",
        tags: ["booking"],
        protect: false,
        summary: "Book a visit",
        description:
          "Creates a pending visit (or an open-ended recurring series) for the customer with this email, " +
          "or for the signed-in customer. The price is computed by the server. Answers 400 with the " +
          "field's message for invalid input, a ZIP outside the service area or a date more than 12 months ahead, " +
          "409 when the slot is full, and 429 with Retry-After when an address or email has booked too often " +
          "(a visitor who is not signed in may start only a few recurring series).",
      },
      successStatus: 201,
    })
    .input(ZCreateBookingRequestSchema)
    .output(ZBookingResponseSchema)
    .mutation(async ({ ctx, input }) =>
      bookWithinLimits(ctx.db, { request: input, signedInCustomerId: (await ctx.auth.customer())?.customer.id ?? null, ip: ctx.ip }),
    ),
});
