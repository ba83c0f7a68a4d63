import { z } from "zod";
import { listServices } from "@/server/services/list-services";
import { createTRPCRouter, publicProcedure } from "../trpc";
import { ZNoInputSchema } from "../schemas/accounts";
import { ZServiceSchema } from "../schemas/services";

export const servicesRouter = createTRPCRouter({
  list: publicProcedure
    .meta({ openapi: { method: "GET", path: "/services", tags: ["services"], protect: false, summary: "The service catalogue" } })
    .input(ZNoInputSchema)
    .output(z.array(ZServiceSchema))
    .query(({ ctx }) => listServices(ctx.db)),
});
