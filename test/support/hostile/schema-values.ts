/** Builds plausible and hostile values from the OpenAPI document's JSON schemas. */
import type { Components, JsonSchema } from "../json-schema";

export type { Components, JsonSchema };

/** A small seeded generator, so a failure can be replayed. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
  };
}

export function resolve(schema: JsonSchema | undefined, components: Components): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) return resolve(components[schema.$ref.split("/").pop()!], components);
  const alternative = schema.anyOf?.find((option) => option.type !== "null") ?? schema.oneOf?.[0];
  if (alternative) return resolve(alternative, components);
  if (schema.allOf?.length) return resolve(schema.allOf[0], components);
  return schema;
}

function primaryType(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== "null") : schema.type;
}

/** A value that has the right shape (it may still break business rules). */
export function plausibleValue(schema: JsonSchema | undefined, components: Components, name = ""): unknown {
  const resolved = resolve(schema, components);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum?.length) return resolved.enum[0];
  switch (primaryType(resolved)) {
    case "object": {
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(resolved.properties ?? {})) result[key] = plausibleValue(property, components, key);
      return result;
    }
    case "array":
      return [];
    case "integer":
    case "number":
      return Math.max(1, resolved.minimum ?? 1);
    case "boolean":
      return false;
    default:
      if (resolved.format === "email" || /email/i.test(name)) return "someone@example.com";
      if (resolved.format === "date-time") return "2030-01-15T15:00:00.000Z";
      if (/date/i.test(name)) return "2030-01-15";
      if (/time/i.test(name)) return "10:00";
      if (/zip/i.test(name)) return "78701";
      if (/phone/i.test(name)) return "5125550100";
      return "Plausible text value";
  }
}

export const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "x".repeat(10_000),
  "' OR '1'='1' --",
  "1; DROP TABLE customers; --",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "%00%0d%0aSet-Cookie: injected=1",
  "\u202eevil\u202c",
  "\ud800",
  "👩‍🌾🌱".repeat(50),
  "Ｆｕｌｌｗｉｄｔｈ　ｔｅｘｔ",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "0x1F",
  "2027-02-30",
  "25:99",
  "../../etc/passwd",
] as const;

export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  2 ** 53 + 2,
  -(2 ** 31),
  [],
  [1, 2, 3],
  {},
  { nested: { deeper: ["x"] } },
  ...HOSTILE_STRINGS,
];

export const HOSTILE_IDS = ["0", "-1", "abc", "1.5", "99999999999999999999", "1;drop", "%27", "%00", "1e3", " 1", "null"] as const;
