import { z } from "zod";
import { CATALOGUE_CACHE_CONTROL, CATALOGUE_COPY_CACHE_CONTROL, readCatalogue } from "@/server/services/catalogue-copy";
import { createTRPCRouter, publicProcedure } from "@/server/api/trpc";
import { ZNoInputSchema } from "@/lib/validation/common";
import { ZServiceSchema } from "@/server/services/schemas";

export const servicesRouter = createTRPCRouter({
  list: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/services",
        tags: ["services"],
        protect: false,
        summary: "The service catalogue",
        description:
          "While the database is briefly unavailable this answers the last copy it read, with `Cache-Control: max-age=0, " +
          "stale-if-error` and an `Age` header giving the copy's age in seconds.",
      },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZServiceSchema))
    .query(async ({ ctx }) => {
      const { services, copyAgeSeconds } = await readCatalogue(ctx.db);
      ctx.resHeaders.set("Cache-Control", copyAgeSeconds === null ? CATALOGUE_CACHE_CONTROL : CATALOGUE_COPY_CACHE_CONTROL);
      if (copyAgeSeconds !== null) ctx.resHeaders.set("Age", String(copyAgeSeconds));
      return services;
    }),
});
