import { authRouter } from "./routers/auth";
import { customerAuthRouter } from "./routers/customer-auth";
import { portalRouter } from "./routers/portal";
import { portalInvitesRouter } from "./routers/portal-invites";
import { servicesRouter } from "./routers/services";
import { createCallerFactory, createTRPCRouter } from "./trpc";

/** Every domain router; each procedure with `meta.openapi` also answers as REST under /api. */
export const appRouter = createTRPCRouter({
  auth: authRouter,
  customerAuth: customerAuthRouter,
  services: servicesRouter,
  portal: portalRouter,
  portalInvites: portalInvitesRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
