import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { getOpenApiDocument } from "./openapi";
import { procedureMetas } from "@/server/app/procedure-meta";
import { documentedStatuses } from "@/server/api/statuses";

type Operation = { security?: unknown; responses?: Record<string, { $ref?: string }> } & Documented;
type Schema = { $ref?: string; type?: string; format?: string; pattern?: string; enum?: unknown[]; properties?: Record<string, Schema> };
type Documented = {
  parameters?: Array<{ name: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** Inputs whose name says they hold a day or a time of day (startTime, date, recurringEndDate, ...). */
const DAY_OR_TIME = /^(date|time|timeSlot)$|(Date|Time)$/;

function operationOf(method: string, path: string): Operation | undefined {
  return (getOpenApiDocument().paths?.[path] as Record<string, Operation> | undefined)?.[method.toLowerCase()];
}

describe("OpenAPI document", () => {
  it("has every REST procedure, with the sign-ins its builder requires", () => {
    const document = getOpenApiDocument();
    expect(document.openapi).toBe("3.1.0");
    for (const { _def } of Object.values(procedureMetas())) {
      const meta = _def.meta;
      if (!meta?.openapi) continue;
      const operation = operationOf(meta.openapi.method, meta.openapi.path);
      expect(operation, `${meta.openapi.method} ${meta.openapi.path}`).toBeDefined();
      const expected = {
        public: [],
        staff: [{ staffSession: [] }, { apiKey: [] }],
        staffUser: [{ staffSession: [] }],
        customer: [{ customerSession: [] }],
      }[meta.access!];
      expect(operation?.security, `${meta.openapi.method} ${meta.openapi.path}`).toEqual(expected);
    }
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(["staffSession", "customerSession", "apiKey"]);
    expect(document.info.license?.url).toMatch(/\/terms$/);
  });

  it("derives each operation's statuses from its declarations and documents one error shape", () => {
    const document = getOpenApiDocument();
    const schemaNames = Object.keys(document.components?.schemas ?? {});
    expect(schemaNames).toContain("Error");
    expect(schemaNames.filter((name) => name.startsWith("error."))).toEqual([]);
    expect(document.components?.schemas?.Error).toMatchObject({
      required: ["message", "code"],
      properties: { issues: { items: { required: ["path", "message"], properties: { path: { type: "array" } } } } },
    });

    // Public read, no id: success, 400, 503 only.
    expect(Object.keys(operationOf("GET", "/services")!.responses!)).toEqual(["200", "400", "503"]);
    // Staff write with an id and a declared conflict.
    expect(Object.keys(operationOf("DELETE", "/customers/{id}")!.responses!)).toEqual(["200", "400", "401", "403", "404", "409", "503"]);
    // A creation with a body, limited sign-in: 201, 413/415 for the body, 429 for the limit.
    expect(Object.keys(operationOf("POST", "/auth/login")!.responses!)).toEqual(["200", "400", "401", "403", "413", "415", "429", "503"]);
    // Anonymous bookings are limited per address too.
    expect(Object.keys(operationOf("POST", "/bookings")!.responses!)).toEqual(["201", "400", "403", "409", "413", "415", "429", "503"]);
    expect(operationOf("POST", "/bookings")!.responses!["409"]).toEqual({ $ref: "#/components/responses/Conflict" });

    for (const { _def } of Object.values(procedureMetas())) {
      const meta = _def.meta!;
      if (!meta.openapi) continue;
      const statuses = Object.keys(operationOf(meta.openapi.method, meta.openapi.path)!.responses!).map(Number);
      expect(statuses).toEqual(documentedStatuses(meta));
    }
  });

  it("documents the shape of every day and time it reads, so a generated client sends what the server takes", () => {
    const document = getOpenApiDocument();
    const components = (document.components?.schemas ?? {}) as Record<string, Schema>;
    const resolve = (schema: Schema | undefined): Schema | undefined =>
      schema?.$ref ? resolve(components[schema.$ref.replace("#/components/schemas/", "")]) : schema;
    const undocumented: string[] = [];
    const check = (where: string, name: string, schema: Schema | undefined) => {
      const field = resolve(schema);
      if (!DAY_OR_TIME.test(name) || field?.type !== "string" || field.format || field.enum) return;
      if (!field.pattern) undocumented.push(`${where} ${name}`);
    };
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item as Record<string, Documented>)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? []) check(where, parameter.name, parameter.schema);
        const body = resolve(operation.requestBody?.content?.["application/json"]?.schema);
        for (const [name, schema] of Object.entries(body?.properties ?? {})) check(where, name, schema);
      }
    }
    expect(undocumented).toEqual([]);
    const move = resolve(operationOf("POST", "/schedules/visits/{visitId}/move")?.requestBody?.content?.["application/json"]?.schema);
    expect(move?.properties?.startTime?.pattern).toBe("^([01]\\d|2[0-3]):([0-5]\\d)$");
    expect(move?.properties?.date?.pattern).toBe("^(\\d{4})-(\\d{2})-(\\d{2})$");
  });

  it("passes Redocly's lint with no errors and no warnings", { timeout: 60_000 }, async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
    const file = path.join(folder, "openapi.json");
    writeFileSync(file, JSON.stringify(getOpenApiDocument()));
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ["node_modules/@redocly/cli/bin/cli.js", "lint", "--format=json", file],
        {
          env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
          maxBuffer: 20 * 1024 * 1024,
        },
      ).catch((error: { stdout: string; stderr: string }) => error);
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; message: string }>;
      };
      expect(
        report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`),
        stderr,
      ).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
