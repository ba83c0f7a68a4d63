import { ZCreateBookingRequestSchema } from "@/lib/validation/booking";
import { createBooking } from "@/server/booking/create-booking";
import { ConflictError } from "@/server/errors";
import { ZBookingResponseSchema } from "../schemas/booking";
import { createTRPCRouter, publicProcedure } from "../trpc";

/** beyond.md 1: the wizard's Complete Booking, also open to integrations as REST. */
export const bookingRouter = createTRPCRouter({
  create: publicProcedure
    .meta({
      errors: [ConflictError],
      openapi: {
        method: "POST",
        path: "/bookings",
        tags: ["booking"],
        protect: false,
        summary: "Book a visit",
        description:
          "Creates a pending visit (or an open-ended recurring series) for the customer with this email, " +
          "or for the signed-in customer. The price is computed by the server. Answers 400 with the " +
          "field's message for invalid input or a ZIP outside the service area, and 409 when the slot is full.",
      },
      successStatus: 201,
    })
    .input(ZCreateBookingRequestSchema)
    .output(ZBookingResponseSchema)
    .mutation(async ({ ctx, input }) =>
      createBooking(ctx.db, { request: input, signedInCustomerId: (await ctx.auth.customer())?.customer.id ?? null }),
    ),
});
