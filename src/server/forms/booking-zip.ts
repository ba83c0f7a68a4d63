/** The ZIP the home page's teaser hands to the booking page (see quick-booking-action.ts). */
export const BOOKING_ZIP_COOKIE = "booking_zip";
