import type { Resolver } from "react-hook-form";
import type { TBookingForm, TBookingFormInput } from "@/lib/validation/booking";

type BookingResolver = Resolver<TBookingFormInput, unknown, TBookingForm>;

let loading: Promise<BookingResolver> | null = null;

/**
 * Loads zod, its resolver and the booking schema (about 35 kB gzip, and some 40 kB more of phone
 * number metadata for the "Text me" box's check). The wizard calls it as the visitor first touches
 * the form, so the page's first load stays light and Continue still validates at once.
 */
export function preloadBookingValidation(): Promise<BookingResolver> {
  loading ??= Promise.all([import("@hookform/resolvers/zod"), import("@/lib/validation/booking")]).then(
    ([{ zodResolver }, { ZBookingFormSchema }]) => zodResolver(ZBookingFormSchema),
  );
  return loading;
}

/** The wizard's resolver: the shared zod schema, loaded on first use. */
export const bookingResolver: BookingResolver = async (values, context, options) =>
  (await preloadBookingValidation())(values, context, options);
