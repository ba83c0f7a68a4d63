import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { ZNoInputSchema } from "@/lib/validation/common";
import { pathId } from "@/lib/validation/fields";
import { CUSTOMER_NOT_FOUND } from "@/lib/validation/not-found";
import { ZStaffTextConsentSchema, ZTextSettingsSchema } from "@/lib/validation/texts";
import { createTRPCRouter, staffProcedure, staffUserProcedure } from "@/server/api/trpc";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { listRecentTexts } from "./recent-texts";
import { ZCustomerTextConsentSchema, ZRecentTextSchema, ZTextSettingsResponseSchema, ZTextUsageSchema } from "./schemas";
import { readTextSettings, writeTextSettings } from "./settings-view";
import { getCustomerTextConsent, recordStaffTextConsent } from "./staff-consent";
import { getTextUsage } from "./usage";

const TAGS = ["texts"];
const ZCustomerId = pathId(CUSTOMER_NOT_FOUND);

/** Settings → Texts, what texts cost, and a customer's consent as staff see and record it. */
export const textsRouter = createTRPCRouter({
  settings: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/settings/texts",
        tags: TAGS,
        summary: "Which notices go by text, the daily caps, and whether texts are on",
      },
    })
    .input(ZNoInputSchema)
    .output(ZTextSettingsResponseSchema)
    .query(({ ctx }) => readTextSettings(ctx.db)),

  updateSettings: staffProcedure
    .meta({
      roles: ROLES.ownerOnly,
      openapi: { method: "PUT", path: "/settings/texts", tags: TAGS, summary: "Save which notices go by text and the daily caps" },
    })
    .input(ZTextSettingsSchema)
    .output(ZTextSettingsResponseSchema)
    .mutation(({ ctx, input }) => writeTextSettings(ctx.db, input)),

  usage: staffProcedure
    .meta({
      roles: ROLES.ownerOnly,
      openapi: {
        method: "GET",
        path: "/texts/usage",
        tags: TAGS,
        summary: "This month's texts and their segments, what was not sent apart",
      },
    })
    .input(ZNoInputSchema)
    .output(ZTextUsageSchema)
    .query(({ ctx }) => getTextUsage(ctx.db)),

  recent: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/texts/recent",
        tags: TAGS,
        summary: "The latest 30 texts and what became of them (numbers masked)",
      },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZRecentTextSchema))
    .query(({ ctx }) => listRecentTexts(ctx.db)),

  customerConsent: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: {
        method: "GET",
        path: "/customers/{id}/text-consent",
        tags: TAGS,
        summary: "A customer's consent to texts, how notices reach them, and every consent change",
      },
    })
    .input(z.object({ id: ZCustomerId }))
    .output(ZCustomerTextConsentSchema)
    .query(({ ctx, input }) => getCustomerTextConsent(ctx.db, input.id)),

  recordCustomerConsent: staffUserProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError, InvalidInputError],
      openapi: {
        method: "PUT",
        path: "/customers/{id}/text-consent",
        tags: TAGS,
        summary: "Record consent to texts given (or withdrawn) on the phone",
        description:
          "Kept with the words read to the customer and the staff member signed in, so only a person (not an API key) may record it. " +
          "The customer's phone must be able to take texts (a US mobile number).",
      },
    })
    .input(ZStaffTextConsentSchema.safeExtend({ id: ZCustomerId }))
    .output(ZCustomerTextConsentSchema)
    .mutation(({ ctx, input: { id, ...answer } }) => recordStaffTextConsent(ctx.db, id, answer, ctx.staffSession.user.id)),
});
