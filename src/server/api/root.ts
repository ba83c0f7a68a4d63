import { authRouter } from "./routers/auth";
import { contactRouter } from "./routers/contact";
import { customerAuthRouter } from "./routers/customer-auth";
import { servicesRouter } from "./routers/services";
import { createCallerFactory, createTRPCRouter } from "./trpc";

/** Every domain router; each procedure with `meta.openapi` also answers as REST under /api. */
export const appRouter = createTRPCRouter({
  auth: authRouter,
  contact: contactRouter,
  customerAuth: customerAuthRouter,
  services: servicesRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
