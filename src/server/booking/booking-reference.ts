import { randomInt } from "node:crypto";

// Letters and digits a customer can read out on the phone without confusion: no 0/O, 1/I/L.
const REFERENCE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const REFERENCE_LENGTH = 6;
export const BOOKING_REFERENCE_PATTERN = /^GS-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

/** A new booking reference such as 'GS-7KQ4MX'; uniqueness is enforced by the database. */
export function newBookingReference(): string {
  let code = "";
  for (let index = 0; index < REFERENCE_LENGTH; index++) {
    code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  }
  return `GS-${code}`;
}
