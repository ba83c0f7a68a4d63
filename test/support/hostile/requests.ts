import { HOSTILE_IDS, HOSTILE_VALUES, plausibleValue, random, resolve, type Components, type JsonSchema } from "./schema-values";

export interface Operation {
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  body?: JsonSchema;
}

export interface HostileRequest {
  label: string;
  method: string;
  path: string;
  rawBody?: string;
  body?: unknown;
  contentType?: string;
}

type OpenApiDocument = {
  paths?: Record<
    string,
    Record<string, { parameters?: Operation["parameters"]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
  components?: { schemas?: Components };
};

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.["application/json"]?.schema,
    })),
  );
}

function fillPath(path: string, values: Record<string, string>) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? "1"));
}

/** Requests for one operation: each field broken in turn, missing, extra, wrong, huge, odd. */
export function hostileRequestsFor(operation: Operation, components: Components, count: number, seed: number): HostileRequest[] {
  const rng = random(seed);
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === "path");
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === "query");
  const bodySchema = resolve(operation.body, components);
  const baseBody = operation.body ? (plausibleValue(operation.body, components) as Record<string, unknown>) : undefined;
  const baseQuery = Object.fromEntries(
    queryParameters.map((parameter) => [parameter.name, String(plausibleValue(parameter.schema, components, parameter.name))]),
  );
  const basePath = Object.fromEntries(pathParameters.map((parameter) => [parameter.name, "1"]));
  const bodyFields = Object.keys(bodySchema.properties ?? {});

  const build = (
    label: string,
    changes: {
      path?: Record<string, string>;
      query?: Record<string, string | undefined>;
      body?: unknown;
      rawBody?: string;
      contentType?: string;
    },
  ): HostileRequest => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...baseQuery, ...changes.query })) if (value !== undefined) query.set(key, value);
    const search = query.toString();
    return {
      label: `${operation.method} ${operation.path} ${label}`,
      method: operation.method,
      path: fillPath(operation.path, { ...basePath, ...changes.path }) + (search ? `?${search}` : ""),
      body: "body" in changes ? changes.body : baseBody,
      rawBody: changes.rawBody,
      contentType: changes.contentType,
    };
  };

  const makers: Array<() => HostileRequest> = [
    () => build("bad JSON", { rawBody: rng.pick(["{", '{"a":', "[]", "null", '"text"', "{'single':1}", "\u0000"]) }),
    () =>
      build("wrong content type", {
        rawBody: "a=1&b=2",
        contentType: rng.pick(["text/plain", "application/x-www-form-urlencoded", "application/xml", "multipart/form-data"]),
      }),
    () => build("extra fields", { body: { ...(baseBody ?? {}), isAdmin: true, id: 1, customerId: 999999, status: "completed" } }),
    () =>
      build("prototype keys", {
        rawBody: `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${JSON.stringify(baseBody ?? {}).slice(1)}`,
      }),
    () => build("array body", { body: [baseBody] }),
  ];
  for (const field of bodyFields) {
    makers.push(() => {
      const body = { ...(baseBody ?? {}) };
      delete body[field];
      return build(`missing ${field}`, { body });
    });
    makers.push(() => build(`wrong ${field}`, { body: { ...(baseBody ?? {}), [field]: rng.pick(HOSTILE_VALUES) } }));
  }
  for (const parameter of pathParameters) {
    makers.push(() => build(`bad path ${parameter.name}`, { path: { [parameter.name]: rng.pick(HOSTILE_IDS) } }));
  }
  for (const parameter of queryParameters) {
    makers.push(() => build(`bad query ${parameter.name}`, { query: { [parameter.name]: String(rng.pick(HOSTILE_VALUES) ?? "") } }));
    makers.push(() => build(`missing query ${parameter.name}`, { query: { [parameter.name]: undefined } }));
  }

  const requests: HostileRequest[] = [];
  for (let index = 0; index < count; index++) requests.push(makers[index % makers.length]!());
  return requests;
}
