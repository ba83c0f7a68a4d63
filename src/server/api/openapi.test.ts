import { describe, expect, it } from "vitest";
import { rest } from "../../../test/helpers";
import { procedureMetas } from "./procedure-meta";

describe("OpenAPI document", () => {
  it("lists every REST procedure with its method, and marks public ones public", async () => {
    const response = await rest("GET", "/openapi.json");
    // /api/openapi.json has its own route in Next; here the generator is checked directly.
    expect(response.status).toBe(404);

    const { getOpenApiDocument } = await import("./openapi");
    const document = getOpenApiDocument();
    expect(document.openapi).toBe("3.1.0");
    for (const meta of Object.values(procedureMetas()).map((procedure) => procedure._def.meta?.openapi)) {
      if (!meta) continue;
      const operation = (document.paths?.[meta.path] as Record<string, { security?: unknown }> | undefined)?.[meta.method.toLowerCase()];
      expect(operation, `${meta.method} ${meta.path}`).toBeDefined();
      if (meta.protect === false) expect(operation?.security).toBeUndefined();
      else expect(operation?.security).toBeDefined();
    }
    expect(Object.keys(document.components?.securitySchemes ?? {})).toEqual(["staffSession", "customerSession", "apiKey"]);
    expect(document.paths?.["/customer/register"]?.post?.responses?.["201"]).toBeDefined();
  });
});
