import { ROLES } from "@/lib/staff-roles";
import { ZApplicationsReportInput } from "@/lib/validation/applications-report";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { applicationsReport } from "./applications-report";
import { ZApplicationsReport } from "./schemas";

/** The inspector's applications report, for owners and office (docs/product-rules.md#the-inspectors-report). */
export const applicationsReportRouter = createTRPCRouter({
  get: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/reports/applications",
        tags: ["reports"],
        summary:
          "Pesticide application records of a period (at most 366 Austin days) with every 4 TAC §7.144 field, the latest of each amendment chain; by product, applicator or customer",
      },
    })
    .input(ZApplicationsReportInput)
    .output(ZApplicationsReport)
    .query(({ ctx, input }) => applicationsReport(ctx.db, input)),
});
