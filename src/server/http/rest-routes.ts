import { z } from "zod";
import { procedureMetas } from "@/server/app/procedure-meta";

/** How the REST layer reads a path or query value: what the procedure's zod input says it is. */
type ParameterKind = "integer" | "number" | "boolean" | "string";

export interface RestRoute {
  method: string;
  /** The document's path, such as /customers/{id}. */
  template: string;
  /** The tRPC procedure that answers it, such as customers.get. */
  procedurePath: string;
  successStatus: number;
  takesBody: boolean;
  /** A larger body than the usual limit, when the operation declares one (a photo). */
  bodyLimit?: number;
  pattern: RegExp;
  parameterKinds: Map<string, ParameterKind>;
}

export const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

type JsonSchema = { type?: string | string[]; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };

function kindOf(schema: JsonSchema | undefined): ParameterKind {
  const types = new Set<string>();
  const collect = (part: JsonSchema | undefined) => {
    if (!part) return;
    for (const type of [part.type ?? []].flat()) types.add(type);
    part.anyOf?.forEach(collect);
    part.oneOf?.forEach(collect);
  };
  collect(schema);
  if (types.has("integer")) return "integer";
  if (types.has("number")) return "number";
  if (types.has("boolean")) return "boolean";
  return "string";
}

type ObjectSchema = JsonSchema & { properties?: Record<string, JsonSchema>; allOf?: ObjectSchema[] };

/**
 * Each top-level field of the procedure's input, with the kind of value it takes: read from the
 * input side of its zod schema (a stringbool takes text, an id a number), objects that refine or
 * transform included.
 */
function parameterKindsOf(inputs: unknown[] | undefined): Map<string, ParameterKind> {
  const kinds = new Map<string, ParameterKind>();
  const collect = (schema: ObjectSchema | undefined) => {
    if (!schema) return;
    for (const [name, field] of Object.entries(schema.properties ?? {})) kinds.set(name, kindOf(field));
    schema.allOf?.forEach(collect);
  };
  for (const input of inputs ?? []) {
    if (input instanceof z.ZodType) collect(z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as ObjectSchema);
  }
  return kinds;
}

function patternOf(template: string): RegExp {
  const source = template
    .split("/")
    .map((segment) => (/^\{\w+\}$/.test(segment) ? `(?<${segment.slice(1, -1)}>[^/]+)` : segment.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}$`);
}

let routes: RestRoute[] | undefined;

/** Every REST operation, literal paths before those with parameters. */
export function restRoutes(): RestRoute[] {
  if (routes) return routes;
  const built: RestRoute[] = [];
  for (const [procedurePath, procedure] of Object.entries(procedureMetas())) {
    const meta = procedure._def.meta;
    if (!meta?.openapi) continue;
    const method = meta.openapi.method.toUpperCase();
    const template = meta.openapi.path;
    built.push({
      method,
      template,
      procedurePath,
      successStatus: meta.successStatus ?? 200,
      takesBody: METHODS_WITH_BODY.has(method),
      bodyLimit: meta.bodyLimit,
      pattern: patternOf(template),
      parameterKinds: parameterKindsOf(procedure._def.inputs),
    });
  }
  const parameterCount = (route: RestRoute) => (route.template.match(/\{/g) ?? []).length;
  routes = built.sort((a, b) => parameterCount(a) - parameterCount(b));
  return routes;
}

export type RouteMatch =
  | { kind: "found"; route: RestRoute; pathValues: Record<string, string> }
  | { kind: "wrong method"; allowed: string[] }
  | { kind: "none" };

export function matchRoute(method: string, path: string): RouteMatch {
  const allowed = new Set<string>();
  for (const route of restRoutes()) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.method === method) return { kind: "found", route, pathValues: { ...match.groups } };
    allowed.add(route.method);
  }
  return allowed.size > 0 ? { kind: "wrong method", allowed: [...allowed] } : { kind: "none" };
}

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const DECIMAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/**
 * A path or query value as its documented type: integers and numbers from their plain decimal
 * form only, booleans from exactly "true" or "false". Anything else stays text, which the
 * procedure's schema then refuses with the field's own message: "0x1F", "1e3", " 7", "+7" and
 * "007" are never read as numbers, nor "0" or "no" as false.
 */
export function readParameter(text: string, kind: ParameterKind | undefined): unknown {
  if (kind === "integer" && INTEGER.test(text)) return Number(text);
  if (kind === "number" && DECIMAL.test(text)) return Number(text);
  if (kind === "boolean" && (text === "true" || text === "false")) return text === "true";
  return text;
}
