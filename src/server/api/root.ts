import { apiKeysRouter } from "./routers/api-keys";
import { authRouter } from "./routers/auth";
import { availabilityRouter } from "./routers/availability";
import { bookingRouter } from "./routers/booking";
import { calendarFeedsRouter } from "./routers/calendar-feeds";
import { cardsRouter } from "./routers/cards";
import { contactRouter } from "./routers/contact";
import { customerAuthRouter } from "./routers/customer-auth";
import { customersRouter } from "./routers/customers";
import { dashboardRouter } from "./routers/dashboard";
import { inquiriesRouter } from "./routers/inquiries";
import { messagesRouter } from "./routers/messages";
import { notificationsRouter } from "./routers/notifications";
import { paymentsRouter } from "./routers/payments";
import { portalInvitesRouter } from "./routers/portal-invites";
import { portalRouter } from "./routers/portal";
import { schedulesRouter } from "./routers/schedules";
import { crewsRouter } from "./routers/crews";
import { selfServiceRouter } from "./routers/self-service";
import { servicesRouter } from "./routers/services";
import { settingsRouter } from "./routers/settings";
import { webhooksRouter } from "./routers/webhooks";
import { createCallerFactory, createTRPCRouter } from "./trpc";

/** Every domain router; each procedure with `meta.openapi` also answers as REST under /api. */
export const appRouter = createTRPCRouter({
  apiKeys: apiKeysRouter,
  auth: authRouter,
  availability: availabilityRouter,
  booking: bookingRouter,
  calendarFeeds: calendarFeedsRouter,
  cards: cardsRouter,
  contact: contactRouter,
  customerAuth: customerAuthRouter,
  customers: customersRouter,
  dashboard: dashboardRouter,
  inquiries: inquiriesRouter,
  messages: messagesRouter,
  notifications: notificationsRouter,
  payments: paymentsRouter,
  portal: portalRouter,
  portalInvites: portalInvitesRouter,
  schedules: schedulesRouter,
  crews: crewsRouter,
  selfService: selfServiceRouter,
  services: servicesRouter,
  settings: settingsRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
