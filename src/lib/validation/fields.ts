import { z } from "zod";
import { DATE_PATTERN, isDateString, TIME_PATTERN, startOfBusinessDay } from "@/lib/business-time";

// Field builders shared by the form schemas, so every form trims, bounds and words things alike.

/** The largest id a PostgreSQL integer column holds; bigger ids can only be mistakes. */
export const MAX_DATABASE_ID = 2_147_483_647;

export function tooLongMessage(max: number): string {
  return `Must be at most ${max} characters`;
}

export const UNSUPPORTED_CHARACTERS_MESSAGE = "Contains characters that are not allowed";

/** NUL and unpaired surrogates cannot be stored as text (PostgreSQL refuses them). */
export function hasOnlyStorableCharacters(value: string): boolean {
  return !/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);
}

/** A trimmed string of at least `min` characters; a missing value reads the same message. */
export function requiredText(message: string, options: { min?: number; max: number }) {
  return z
    .string({ error: message })
    .trim()
    .min(options.min ?? 1, message)
    .max(options.max, tooLongMessage(options.max))
    .refine(hasOnlyStorableCharacters, UNSUPPORTED_CHARACTERS_MESSAGE);
}

/** Optional free text; null is accepted because REST clients send back what they read. */
export function optionalText(max: number) {
  return z.string().trim().max(max, tooLongMessage(max)).refine(hasOnlyStorableCharacters, UNSUPPORTED_CHARACTERS_MESSAGE).nullish();
}

export function emailField(message: string) {
  return z.string({ error: message }).trim().max(254, message).pipe(z.email(message));
}

/** Passwords are never trimmed: spaces are part of the secret. */
export function passwordField(message: string, min: number) {
  return z.string({ error: message }).min(min, message).max(200, "Password must be at most 200 characters");
}

/**
 * A yyyy-MM-dd calendar date (read as an Austin date). The pattern puts the shape in the OpenAPI
 * document; the refinement then refuses a day the calendar lacks (2026-02-30).
 */
export function dateStringField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(DATE_PATTERN, { error: message, abort: true })
    .refine(isDateString, message)
    .describe("A calendar day in Austin, yyyy-MM-dd");
}

/** An HH:mm time of day (24-hour clock), documented by its pattern. */
export function timeOfDayField(message: string) {
  return z.string({ error: message }).trim().regex(TIME_PATTERN, message).describe("A time of day in Austin, HH:mm (24-hour clock)");
}

/** A form's id: a positive integer or its decimal string (HTML selects give strings). */
export function idField(message: string) {
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value) => (typeof value === "number" ? value : /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN))
    .pipe(z.number({ error: message }).int(message).positive(message).max(MAX_DATABASE_ID, message));
}

/**
 * An id in a JSON body or a tRPC input: a JSON number that is a positive integer within the
 * database's range, so a bigger one never reaches PostgreSQL.
 */
export function positiveIdNumber(message: string) {
  return z.number({ error: message }).int(message).positive(message).max(MAX_DATABASE_ID, message);
}

/** A positive id written in decimal digits: no sign, space, leading zero, point or exponent. */
const ID_DIGITS_PATTERN = "^[1-9][0-9]*$";

/**
 * An id in a JSON body that a form may hold as text: a JSON number (as positiveIdNumber) or a
 * string of decimal digits ("12"), both documented. Hex ("0x1"), signs, spaces, leading zeros,
 * decimals ("1.0") and empty text are refused with the field's own message, as is an id past the
 * database's range.
 */
export function positiveIdNumberOrDigits(message: string) {
  const digits = z
    .string({ error: message })
    .max(String(MAX_DATABASE_ID).length, message)
    .regex(new RegExp(ID_DIGITS_PATTERN), message)
    .transform(Number)
    .pipe(positiveIdNumber(message));
  return z.union([positiveIdNumber(message), digits], { error: message });
}

/**
 * The id of a record named in a REST path or query string (`/customers/{id}`, `?customerId=`).
 * The REST layer turns decimal digits into a number and leaves anything else (hex, exponent,
 * sign, spaces, leading zeros) as text, which this refuses with the record's own "not found"
 * message: an id that cannot exist is reported like one that does not.
 */
export function pathId(notFoundMessage: string) {
  return positiveIdNumber(notFoundMessage);
}

const isoDateTimeWithOffset = z.iso.datetime({ offset: true });

/**
 * An instant given as a Date (tRPC with superjson), an ISO date-time with offset (REST), or
 * a bare yyyy-MM-dd, which means the start of that day in Austin rather than UTC midnight.
 */
export function instantField(message: string) {
  return z
    .union([z.date({ error: message }), z.string({ error: message }).trim().min(1, message).max(40, message)], {
      error: message,
    })
    .transform((value, ctx) => {
      if (value instanceof Date) return value;
      if (isDateString(value)) return startOfBusinessDay(value);
      if (isoDateTimeWithOffset.safeParse(value).success) return new Date(value);
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });
}
