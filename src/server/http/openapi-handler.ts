import { getOpenApiDocument } from "@/server/app/openapi";

/** GET /api/openapi.json: the REST API's OpenAPI document. */
export function handleOpenApiRequest(): Response {
  return Response.json(getOpenApiDocument());
}
