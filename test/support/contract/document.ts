import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { Components, JsonSchema } from "./arbitraries";

type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type Response = { $ref?: string; content?: Record<string, { schema?: JsonSchema }> };
type RawOperation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, Response>;
};
export type OpenApiDocument = {
  paths?: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Components; responses?: Record<string, Response> };
};

export interface ContractOperation {
  method: string;
  path: string;
  label: string;
  parameters: Parameter[];
  body?: JsonSchema;
  statuses: number[];
  /** Validates an answer's body for one of the documented statuses. */
  validate: (status: number, body: unknown) => string | null;
}

/** Refs to components, made absolute so Ajv finds them in the components schema added below. */
function absoluteRefs<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/components/', '"$ref":"components.json#/components/')) as T;
}

/** Every operation of the document, with an Ajv validator per documented answer. */
export function contractOperations(document: OpenApiDocument): ContractOperation[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: "components.json", components: { schemas: document.components?.schemas ?? {} } });

  const responseSchema = (response: Response): JsonSchema | undefined => {
    const resolved = response.$ref ? document.components?.responses?.[response.$ref.split("/").pop()!] : response;
    return resolved?.content?.["application/json"]?.schema;
  };

  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const validators = new Map<number, ValidateFunction>();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const schema = responseSchema(response);
        validators.set(Number(status), ajv.compile(absoluteRefs(schema ?? {})));
      }
      return {
        method: method.toUpperCase(),
        path,
        label: `${method.toUpperCase()} ${path}`,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.["application/json"]?.schema,
        statuses: [...validators.keys()],
        validate: (status: number, body: unknown) => {
          const validator = validators.get(status);
          if (!validator) return `status ${status} is not documented`;
          return validator(body) ? null : ajv.errorsText(validator.errors);
        },
      };
    }),
  );
}
