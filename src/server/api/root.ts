import { authRouter } from "./routers/auth";
import { contactRouter } from "./routers/contact";
import { availabilityRouter } from "./routers/availability";
import { bookingRouter } from "./routers/booking";
import { customerAuthRouter } from "./routers/customer-auth";
import { customersRouter } from "./routers/customers";
import { dashboardRouter } from "./routers/dashboard";
import { messagesRouter } from "./routers/messages";
import { schedulesRouter } from "./routers/schedules";
import { servicesRouter } from "./routers/services";
import { createCallerFactory, createTRPCRouter } from "./trpc";

/** Every domain router; each procedure with `meta.openapi` also answers as REST under /api. */
export const appRouter = createTRPCRouter({
  auth: authRouter,
  contact: contactRouter,
  availability: availabilityRouter,
  booking: bookingRouter,
  customerAuth: customerAuthRouter,
  messages: messagesRouter,
  customers: customersRouter,
  dashboard: dashboardRouter,
  schedules: schedulesRouter,
  services: servicesRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
