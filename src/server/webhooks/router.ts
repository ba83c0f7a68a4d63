import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { NotFoundError } from "@/server/errors";
import { ZWebhookDeliveryQuerySchema, ZWebhookEndpointFormSchema } from "@/lib/validation/webhooks";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  revealWebhookSecret,
  updateWebhookEndpoint,
} from "@/server/webhooks/endpoints";
import { createTRPCRouter, staffProcedure, staffUserProcedure } from "@/server/api/trpc";
import { ZOkResponseSchema } from "@/server/auth/schemas";
import { ZNoInputSchema } from "@/lib/validation/common";
import { ZCreatedWebhookEndpointSchema, ZWebhookDeliverySchema, ZWebhookEndpointSchema, ZWebhookSecretSchema } from "./schemas";

const ZEndpointId = z.object({
  id: z.coerce
    .number({ error: "Webhook endpoint id must be a number" })
    .int()
    .positive("Webhook endpoint id must be a number")
    .max(2_147_483_647, "Webhook endpoint id must be a number"),
});

/**
 * Outbound webhooks. Staff, or an integration with an API key, register endpoints and choose
 * events; deliveries are signed (see the README) and listed with their outcome. The secret can be
 * read again only by a person signed in.
 */
export const webhooksRouter = createTRPCRouter({
  list: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: { method: "GET", path: "/webhooks", tags: ["webhooks"], summary: "Webhook endpoints, with their latest delivery" },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZWebhookEndpointSchema))
    .query(({ ctx }) => listWebhookEndpoints(ctx.db)),

  create: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "POST",
        path: "/webhooks",
        tags: ["webhooks"],
        summary: "Register a webhook endpoint (its signing secret is in the answer)",
      },
      successStatus: 201,
    })
    .input(ZWebhookEndpointFormSchema)
    .output(ZCreatedWebhookEndpointSchema)
    .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.db, input, ctx.staff.user?.id ?? null)),

  update: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: {
        method: "PUT",
        path: "/webhooks/{id}",
        tags: ["webhooks"],
        summary: "Change a webhook endpoint's address, events or on/off",
      },
    })
    .input(ZWebhookEndpointFormSchema.extend(ZEndpointId.shape))
    .output(ZWebhookEndpointSchema.omit({ lastDelivery: true }))
    .mutation(({ ctx, input }) => {
      const { id, ...form } = input;
      return updateWebhookEndpoint(ctx.db, id, form);
    }),

  remove: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: { method: "DELETE", path: "/webhooks/{id}", tags: ["webhooks"], summary: "Delete a webhook endpoint and its deliveries" },
    })
    .input(ZEndpointId)
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteWebhookEndpoint(ctx.db, input.id);
      return { success: true as const, message: "Webhook endpoint deleted" };
    }),

  secret: staffUserProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: { method: "GET", path: "/webhooks/{id}/secret", tags: ["webhooks"], summary: "Reveal a webhook endpoint's signing secret" },
    })
    .input(ZEndpointId)
    .output(ZWebhookSecretSchema)
    .query(({ ctx, input }) => revealWebhookSecret(ctx.db, input.id)),

  deliveries: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: {
        method: "GET",
        path: "/webhooks/{id}/deliveries",
        tags: ["webhooks"],
        summary: "A webhook endpoint's deliveries, newest first: filter by status, page with before (the last id seen) and limit",
      },
    })
    .input(ZEndpointId.extend(ZWebhookDeliveryQuerySchema.shape))
    .output(z.array(ZWebhookDeliverySchema))
    .query(({ ctx, input: { id, ...query } }) => listWebhookDeliveries(ctx.db, id, query)),
});
