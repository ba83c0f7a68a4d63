import fc from "fast-check";

import type { Components, JsonSchema } from "../json-schema";

export type { Components, JsonSchema };

export function resolve(schema: JsonSchema | undefined, components: Components): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) return resolve(components[schema.$ref.split("/").pop()!], components);
  return schema;
}

function typesOf(schema: JsonSchema): string[] {
  return schema.type === undefined ? [] : [schema.type].flat();
}

const days = (from: number) => new Date(Date.now() + from * 86_400_000);

/** Values a person would send for a field of this name, so the generated requests reach past the first rule. */
function plausibleText(name: string): fc.Arbitrary<string> | null {
  if (/email/i.test(name)) return fc.emailAddress().filter((email) => email.length <= 60);
  if (/zip/i.test(name)) return fc.constantFrom("78701", "78745", "78613", "10001");
  if (/phone/i.test(name)) return fc.constantFrom("5125550100", "(512) 555-0142");
  if (/time/i.test(name) && !/date/i.test(name)) return fc.constantFrom("09:00", "10:00", "13:00", "17:00", "18:30");
  if (/date/i.test(name)) return fc.integer({ min: -3, max: 90 }).map((offset) => days(offset).toISOString().slice(0, 10));
  if (/password/i.test(name)) return fc.constantFrom("garden-pass-1", "short", "customer-a-pass");
  if (/state/i.test(name)) return fc.constant("TX");
  return null;
}

function stringArbitrary(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, Math.max(minLength, 60));
  if (schema.format === "date-time") return fc.integer({ min: -3, max: 90 }).map((offset) => days(offset).toISOString());
  if (schema.format === "date") return fc.integer({ min: -3, max: 90 }).map((offset) => days(offset).toISOString().slice(0, 10));
  if (schema.format === "email") return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254));
  if (schema.pattern)
    return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length >= minLength && text.length <= maxLength);
  const generic = fc.string({ minLength, maxLength, unit: "grapheme" });
  const hint = plausibleText(name);
  return hint
    ? fc.oneof(
        hint.filter((text) => text.length >= minLength && text.length <= maxLength),
        generic,
      )
    : generic;
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : -1_000_000);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : 1_000_000_000);
  if (!integer) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // Small integers are the ids of the records the test made, so they reach real rows.
  const any = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) });
  if (min > 6 || max < 1) return any;
  const small = fc.integer({ min: Math.max(min, 1), max: Math.min(max, 6) });
  return fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: any });
}

/** Values valid by the schema (business rules may still refuse them). */
export function arbitraryFor(schema: JsonSchema | undefined, components: Components, name = ""): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, components);
  if (resolved.const !== undefined) return fc.constant(resolved.const);
  if (resolved.enum?.length) return fc.constantFrom(...resolved.enum);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alternative) => arbitraryFor(alternative, components, name)));
  if (resolved.allOf?.length) return arbitraryFor(resolved.allOf[0], components, name);
  const types = typesOf(resolved);
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryFor({ ...resolved, type }, components, name)));
  switch (types[0]) {
    case "object": {
      const properties = Object.fromEntries(
        Object.entries(resolved.properties ?? {}).map(([key, property]) => [key, arbitraryFor(property, components, key)]),
      );
      return fc.record(properties, { requiredKeys: (resolved.required ?? []).filter((key) => key in properties) });
    }
    case "array":
      return fc.array(arbitraryFor(resolved.items, components, name), {
        minLength: resolved.minItems ?? 0,
        maxLength: Math.min(resolved.maxItems ?? 3, 3),
      });
    case "integer":
      return numberArbitrary(resolved, true);
    case "number":
      return numberArbitrary(resolved, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "string":
      return stringArbitrary(resolved, name);
    default:
      return fc.constant(null);
  }
}

/** A value of another JSON type than the schema allows, or undefined when any type goes. */
export function wrongTypeFor(schema: JsonSchema | undefined, components: Components): fc.Arbitrary<unknown> | undefined {
  const resolved = resolve(schema, components);
  const allowed = new Set((resolved.anyOf ?? resolved.oneOf ?? [resolved]).flatMap((part) => typesOf(resolve(part, components))));
  if (allowed.size === 0) return undefined;
  if (allowed.has("integer")) allowed.add("number");
  const candidates: Array<[string, fc.Arbitrary<unknown>]> = [
    ["string", fc.constantFrom("12", "true", "false", "0", "", "0x1F", "1e3")],
    ["number", fc.constantFrom(12, 0, -1, 1.5, 1e21)],
    ["boolean", fc.boolean()],
    ["null", fc.constant(null)],
    ["array", fc.constant([1, "a"])],
    ["object", fc.constant({ nested: true })],
  ];
  const wrong = candidates.filter(([type]) => !allowed.has(type)).map(([, arbitrary]) => arbitrary);
  return wrong.length ? fc.oneof(...wrong) : undefined;
}

/** Ids that must never be read as a number: hex, exponent, sign, spaces, leading zeros, overflow. */
export const HOSTILE_IDS = [
  "0x1F",
  "1e3",
  "-1",
  "+1",
  "%201",
  "01",
  "0",
  "2147483648",
  "99999999999999999999",
  "1.0",
  "abc",
  "%00",
  "1;drop",
];
