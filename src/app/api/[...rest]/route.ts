import { handleRestRequest } from "@/server/http/rest-handler";

export const dynamic = "force-dynamic";

export {
  handleRestRequest as GET,
  handleRestRequest as POST,
  handleRestRequest as PUT,
  handleRestRequest as PATCH,
  handleRestRequest as DELETE,
  handleRestRequest as HEAD,
};
