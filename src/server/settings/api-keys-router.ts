import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { createApiKey } from "@/server/auth/api-keys";
import { listApiKeys, revokeApiKey } from "@/server/settings/manage-api-keys";
import { pathId } from "@/lib/validation/fields";
import { ZCreateApiKeySchema } from "@/lib/validation/settings";
import { createTRPCRouter, staffUserProcedure } from "@/server/api/trpc";
import { ZOkResponseSchema } from "@/server/auth/schemas";
import { ZNoInputSchema } from "@/lib/validation/common";
import { ZApiKeySchema, ZCreatedApiKeySchema } from "@/server/settings/schemas";

// Keys are managed by a person signed in, never by another key (docs/product-rules.md#staff-area).
export const apiKeysRouter = createTRPCRouter({
  list: staffUserProcedure
    .meta({
      roles: ROLES.office,
      openapi: { method: "GET", path: "/api-keys", tags: ["settings"], summary: "API keys, with their last use" },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZApiKeySchema))
    .query(({ ctx }) => listApiKeys(ctx.db)),

  create: staffUserProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "POST",
        path: "/api-keys",
        tags: ["settings"],
        summary: "Create an API key (the key is shown once)",
        description:
          "`expiresAt` (optional) is when the key stops working: a date (yyyy-MM-dd, from the start of that day in Austin) or a date-time with offset.",
      },
      successStatus: 201,
    })
    .input(ZCreateApiKeySchema)
    .output(ZCreatedApiKeySchema)
    .mutation(async ({ ctx, input }) => {
      const scope = input.role === "crew" ? { role: "crew" as const, crewId: input.crewId! } : { role: "office" as const };
      const { key, apiKey } = await createApiKey(ctx.db, input.name, ctx.staffSession.user.id, input.expiresAt ?? null, new Date(), scope);
      return {
        key,
        apiKey: { ...apiKey, lastUsedAt: null, revokedAt: null, createdBy: ctx.staffSession.user.fullName },
      };
    }),

  revoke: staffUserProcedure
    .meta({ roles: ROLES.office, openapi: { method: "DELETE", path: "/api-keys/{id}", tags: ["settings"], summary: "Revoke an API key" } })
    .input(z.object({ id: pathId("API key not found") }))
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await revokeApiKey(ctx.db, input.id);
      return { success: true as const, message: "API key revoked" };
    }),
});
