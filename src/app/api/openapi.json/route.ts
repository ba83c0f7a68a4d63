import { handleOpenApiRequest } from "@/server/http/openapi-handler";

export const dynamic = "force-dynamic";

export { handleOpenApiRequest as GET };
