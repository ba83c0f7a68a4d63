import "@/server/app/install";
import { applicationsRouter } from "@/server/applications/router";
import { apiKeysRouter } from "@/server/settings/api-keys-router";
import { applicationsReportRouter } from "@/server/applications-report/router";
import { authRouter } from "@/server/staff/sign-in-router";
import { availabilityRouter } from "@/server/booking/availability-router";
import { bookingRouter } from "@/server/booking/router";
import { calendarFeedsRouter } from "@/server/calendar/router";
import { cardsRouter } from "@/server/payments/cards-router";
import { contactRouter } from "@/server/inquiries/contact-router";
import { customerAuthRouter } from "@/server/customer-accounts/sign-in-router";
import { customersRouter } from "@/server/customers/router";
import { dashboardRouter } from "@/server/dashboard/router";
import { inquiriesRouter } from "@/server/inquiries/router";
import { messagesRouter } from "@/server/messages/router";
import { notificationsRouter } from "@/server/notifications/router";
import { paymentsRouter } from "@/server/payments/router";
import { portalInvitesRouter } from "@/server/customer-accounts/invites-router";
import { portalRouter } from "@/server/portal/router";
import { customerQuotesRouter } from "@/server/quotes/customer-router";
import { quotePageRouter } from "@/server/quotes/page-router";
import { quoteRequestsRouter } from "@/server/quotes/request-router";
import { quotesRouter } from "@/server/quotes/router";
import { reportsRouter } from "@/server/reports/router";
import { schedulesRouter } from "@/server/schedules/router";
import { crewsRouter } from "@/server/crews/router";
import { crewDayRouter } from "@/server/crew-day/router";
import { selfServiceRouter } from "@/server/self-service/router";
import { servicesRouter } from "@/server/services/router";
import { staffRouter } from "@/server/staff/router";
import { settingsRouter } from "@/server/settings/router";
import { textsRouter } from "@/server/texts/router";
import { webhooksRouter } from "@/server/webhooks/router";
import { locationsRouter } from "@/server/locations/router";
import { licensesRouter } from "@/server/products/licenses-router";
import { productsRouter } from "@/server/products/router";
import { programsRouter } from "@/server/programs/router";
import { customerProgramsRouter } from "@/server/programs/portal-router";
import { routesRouter } from "@/server/driving-routes/router";
import { roundsDueRouter } from "@/server/rounds-due/router";
import { createCallerFactory, createTRPCRouter } from "@/server/api/trpc";

/** Every domain router; each procedure with `meta.openapi` also answers as REST under /api. */
export const appRouter = createTRPCRouter({
  apiKeys: apiKeysRouter,
  applications: applicationsRouter,
  applicationsReport: applicationsReportRouter,
  auth: authRouter,
  availability: availabilityRouter,
  booking: bookingRouter,
  calendarFeeds: calendarFeedsRouter,
  cards: cardsRouter,
  contact: contactRouter,
  customerAuth: customerAuthRouter,
  customerPrograms: customerProgramsRouter,
  customerQuotes: customerQuotesRouter,
  customers: customersRouter,
  dashboard: dashboardRouter,
  inquiries: inquiriesRouter,
  licenses: licensesRouter,
  locations: locationsRouter,
  messages: messagesRouter,
  notifications: notificationsRouter,
  payments: paymentsRouter,
  portal: portalRouter,
  products: productsRouter,
  programs: programsRouter,
  portalInvites: portalInvitesRouter,
  routes: routesRouter,
  roundsDue: roundsDueRouter,
  quotePage: quotePageRouter,
  quoteRequests: quoteRequestsRouter,
  quotes: quotesRouter,
  reports: reportsRouter,
  schedules: schedulesRouter,
  crews: crewsRouter,
  crewDay: crewDayRouter,
  selfService: selfServiceRouter,
  services: servicesRouter,
  settings: settingsRouter,
  staff: staffRouter,
  texts: textsRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
