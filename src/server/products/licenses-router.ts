import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { ZNoInputSchema } from "@/lib/validation/common";
import { pathId } from "@/lib/validation/fields";
import { ZBusinessLicenseFormSchema, ZLicenseFormSchema } from "@/lib/validation/products";
import { STAFF_MESSAGES } from "@/lib/validation/staff";
import { createTRPCRouter, staffProcedure, staffUserProcedure } from "@/server/api/trpc";
import { InvalidInputError, NotFoundError } from "@/server/errors";
import { getBusinessLicense, saveBusinessLicense } from "./business-license";
import { getStaffLicense, licenseExpiryWarnings, listStaffLicenses, setStaffLicense } from "./licenses";
import { ZBusinessLicenseSchema, ZLicenseWarningSchema, ZStaffLicenseSchema } from "./schemas";

const TAGS = ["licenses"];
const ZStaffId = pathId(STAFF_MESSAGES.notFound);

/**
 * Applicator licenses (owners set them, each member reads their own) and the business's license
 * number (owners set it, office reads it). docs/product-rules.md#products-and-licenses
 */
export const licensesRouter = createTRPCRouter({
  list: staffUserProcedure
    .meta({
      roles: ROLES.ownerOnly,
      openapi: { method: "GET", path: "/staff/licenses", tags: TAGS, summary: "Every staff member's applicator license on file" },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZStaffLicenseSchema))
    .query(({ ctx }) => listStaffLicenses(ctx.db)),

  get: staffUserProcedure
    .meta({
      roles: ROLES.ownerOnly,
      errors: [NotFoundError],
      openapi: { method: "GET", path: "/staff/{id}/license", tags: TAGS, summary: "A staff member's applicator license (null when none)" },
    })
    .input(z.object({ id: ZStaffId }))
    .output(ZStaffLicenseSchema.nullable())
    .query(({ ctx, input }) => getStaffLicense(ctx.db, input.id)),

  set: staffUserProcedure
    .meta({
      roles: ROLES.ownerOnly,
      errors: [InvalidInputError, NotFoundError],
      openapi: {
        method: "PUT",
        path: "/staff/{id}/license",
        tags: TAGS,
        summary:
          "Set a staff member's applicator license, or remove it with licenseType null (a technician names a certified applicator as supervisor)",
      },
    })
    .input(ZLicenseFormSchema.safeExtend({ id: ZStaffId }))
    .output(ZStaffLicenseSchema.nullable())
    .mutation(({ ctx, input: { id, ...form } }) => setStaffLicense(ctx.db, id, form)),

  mine: staffUserProcedure
    .meta({
      roles: ROLES.everyone,
      openapi: { method: "GET", path: "/settings/license", tags: TAGS, summary: "My own applicator license (null when none)" },
    })
    .input(ZNoInputSchema)
    .output(ZStaffLicenseSchema.nullable())
    .query(({ ctx }) => getStaffLicense(ctx.db, ctx.staffSession.user.id)),

  warnings: staffUserProcedure
    .meta({
      roles: ROLES.ownerOnly,
      openapi: {
        method: "GET",
        path: "/staff/license-warnings",
        tags: TAGS,
        summary: "Applicator licenses expired or expiring within 30 days, each with its warning",
      },
    })
    .input(ZNoInputSchema)
    .output(z.array(ZLicenseWarningSchema))
    .query(({ ctx }) => licenseExpiryWarnings(ctx.db)),

  businessLicense: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: { method: "GET", path: "/settings/business-license", tags: TAGS, summary: "The business's TDA license number" },
    })
    .input(ZNoInputSchema)
    .output(ZBusinessLicenseSchema)
    .query(({ ctx }) => getBusinessLicense(ctx.db)),

  saveBusinessLicense: staffUserProcedure
    .meta({
      roles: ROLES.ownerOnly,
      openapi: {
        method: "PUT",
        path: "/settings/business-license",
        tags: TAGS,
        summary: "Set the business's TDA license number (null clears it)",
      },
    })
    .input(ZBusinessLicenseFormSchema)
    .output(ZBusinessLicenseSchema)
    .mutation(({ ctx, input }) => saveBusinessLicense(ctx.db, input)),
});
