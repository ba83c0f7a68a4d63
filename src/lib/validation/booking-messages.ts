// Kept apart from the zod schema so the booking page can show these texts without loading zod.
// The booking form's messages; the server re-checks every rule with them.
export const BOOKING_MESSAGES = {
  service: "Please select a service",
  address: "Please enter your full address",
  city: "City is required",
  state: "State is required",
  zipCode: "Valid zip code is required",
  lawnSize: "Lawn size must be at least 100 sq ft",
  lawnSizeTooLarge: "Lawn size must be at most 1,000,000 sq ft",
  date: "Please select a date",
  dateNotBookable: "Please select a date from tomorrow onward",
  dateTooFar: "Please select a date within the next 12 months",
  timeSlot: "Please select a time slot",
  fullName: "Full name is required",
  email: "Valid email is required",
  phone: "Valid phone number is required",
  textsGoToAccountPhone:
    'Texts go to the phone saved in My Account. Type that number here, or change it in My Account first, or untick "Text me".',
} as const;
