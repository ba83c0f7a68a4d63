import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { createCalendarFeed, getCalendarFeed, revokeCalendarFeed } from "@/server/calendar/feeds";
import { createTRPCRouter, customerProcedure, staffUserProcedure } from "@/server/api/trpc";
import { ZOkResponseSchema } from "@/server/auth/schemas";
import { ZNoInputSchema } from "@/lib/validation/common";

const ZCalendarFeedSchema = z
  .object({
    active: z.boolean(),
    createdAt: z.date().nullable(),
    lastUsedAt: z.date().nullable().describe("When a calendar last fetched it"),
  })
  .meta({ id: "CalendarFeed" });
const ZCalendarFeedUrlSchema = z
  .object({ url: z.string().describe("The private iCalendar address, shown this once; anyone with it can read the feed") })
  .meta({ id: "CalendarFeedUrl" });

/** Private iCalendar feeds: a staff member's (every visit) and a customer's (their own). */
export const calendarFeedsRouter = createTRPCRouter({
  staffFeed: staffUserProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/settings/calendar-feed",
        tags: ["calendar"],
        summary: "Whether I have a calendar feed of every visit",
      },
    })
    .input(ZNoInputSchema)
    .output(ZCalendarFeedSchema)
    .query(({ ctx }) => getCalendarFeed(ctx.db, { staffUserId: ctx.staffSession.user.id })),

  createStaffFeed: staffUserProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "POST",
        path: "/settings/calendar-feed",
        tags: ["calendar"],
        summary: "A new private feed address of every visit (the old one stops working)",
      },
      successStatus: 201,
    })
    .input(ZNoInputSchema)
    .output(ZCalendarFeedUrlSchema)
    .mutation(({ ctx }) => createCalendarFeed(ctx.db, { staffUserId: ctx.staffSession.user.id })),

  revokeStaffFeed: staffUserProcedure
    .meta({
      roles: ROLES.office,
      openapi: { method: "DELETE", path: "/settings/calendar-feed", tags: ["calendar"], summary: "Turn off my calendar feed" },
    })
    .input(ZNoInputSchema)
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx }) => {
      await revokeCalendarFeed(ctx.db, { staffUserId: ctx.staffSession.user.id });
      return { success: true as const, message: "Calendar feed turned off" };
    }),

  customerFeed: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/customer/calendar-feed",
        tags: ["customer portal"],
        summary: "Whether I have a calendar feed of my visits",
      },
    })
    .input(ZNoInputSchema)
    .output(ZCalendarFeedSchema)
    .query(({ ctx }) => getCalendarFeed(ctx.db, { customerId: ctx.customer.id })),

  createCustomerFeed: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customer/calendar-feed",
        tags: ["customer portal"],
        summary: "A new private feed address of my visits (the old one stops working)",
      },
      successStatus: 201,
    })
    .input(ZNoInputSchema)
    .output(ZCalendarFeedUrlSchema)
    .mutation(({ ctx }) => createCalendarFeed(ctx.db, { customerId: ctx.customer.id })),

  revokeCustomerFeed: customerProcedure
    .meta({
      openapi: { method: "DELETE", path: "/customer/calendar-feed", tags: ["customer portal"], summary: "Turn off my calendar feed" },
    })
    .input(ZNoInputSchema)
    .output(ZOkResponseSchema)
    .mutation(async ({ ctx }) => {
      await revokeCalendarFeed(ctx.db, { customerId: ctx.customer.id });
      return { success: true as const, message: "Calendar feed turned off" };
    }),
});
