import type { JsonAnswer } from "@/lib/json-answer";
import type { TBookingResponse } from "@/server/booking/schemas";
import type { RouterOutputs } from "@/trpc/react";

/** The catalogue as the booking page's server component hands it over. */
export type BookableService = RouterOutputs["services"]["list"][number];
/** `POST /api/bookings`'s answer as the browser reads it from JSON. */
export type BookingConfirmation = JsonAnswer<TBookingResponse>;
