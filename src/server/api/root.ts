import { apiKeysRouter } from "./routers/api-keys";
import { authRouter } from "./routers/auth";
import { contactRouter } from "./routers/contact";
import { availabilityRouter } from "./routers/availability";
import { bookingRouter } from "./routers/booking";
import { customerAuthRouter } from "./routers/customer-auth";
import { customersRouter } from "./routers/customers";
import { dashboardRouter } from "./routers/dashboard";
import { inquiriesRouter } from "./routers/inquiries";
import { messagesRouter } from "./routers/messages";
import { paymentsRouter } from "./routers/payments";
import { portalRouter } from "./routers/portal";
import { portalInvitesRouter } from "./routers/portal-invites";
import { schedulesRouter } from "./routers/schedules";
import { servicesRouter } from "./routers/services";
import { settingsRouter } from "./routers/settings";
import { createCallerFactory, createTRPCRouter } from "./trpc";

/** Every domain router; each procedure with `meta.openapi` also answers as REST under /api. */
export const appRouter = createTRPCRouter({
  apiKeys: apiKeysRouter,
  auth: authRouter,
  contact: contactRouter,
  availability: availabilityRouter,
  booking: bookingRouter,
  customerAuth: customerAuthRouter,
  messages: messagesRouter,
  customers: customersRouter,
  dashboard: dashboardRouter,
  inquiries: inquiriesRouter,
  payments: paymentsRouter,
  schedules: schedulesRouter,
  services: servicesRouter,
  settings: settingsRouter,
  portal: portalRouter,
  portalInvites: portalInvitesRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
