/**
 * All tRPC plumbing: the request context, the one error mapping and the procedure builders that
 * carry authorisation (public, staff, customer).
 */
import { initTRPC } from "@trpc/server";
import superjson from "superjson";
import { authenticateApiKey, bearerToken } from "@/server/auth/api-keys";
import { readCookie, serializeSessionCookie, sessionCookieName } from "@/server/auth/cookies";
import { validateCustomerSessionToken, validateStaffSessionToken, type StaffSession } from "@/server/auth/session";
import { getDb, type Db } from "@/server/db";
import { ForbiddenError } from "@/server/errors";
import { forgetCachesAfterLocalWrite } from "@/server/cache/change-feed";
import { markDatabaseUnavailable } from "@/server/api/request-state";
import { clientIp } from "./request-info";
import { describeFailure, MappedError, rootCause } from "./error-mapping";
import { documentedStatuses } from "./statuses";
import type { Meta } from "./meta";
import { STAFF_ROLE_LABELS, type StaffRole } from "@/lib/staff-roles";

export type { Access, Meta } from "./meta";

export interface CreateContextOptions {
  headers: Headers;
  /** Headers to add to the response, such as Set-Cookie and Retry-After. */
  resHeaders: Headers;
}

/** Memoised for the request: a batch of tRPC calls looks each session up once. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

/**
 * The request's sign-ins, looked up only when a procedure asks. The lookups run inside the
 * procedure, so a database outage during one is mapped like any other failure (503), and a
 * request that needs no sign-in (the catalogue) never touches the session tables.
 */
function signIns(headers: Headers, resHeaders: Headers) {
  const cookieHeader = headers.get("cookie");
  const staffToken = readCookie(cookieHeader, sessionCookieName("staff"));
  const customerToken = readCookie(cookieHeader, sessionCookieName("customer"));
  const apiKeyToken = bearerToken(headers.get("authorization"));
  return {
    staff: once(async () => (staffToken ? validateStaffSessionToken(await getDb(), staffToken) : null)),
    customer: once(async () => {
      if (!customerToken) return null;
      const session = await validateCustomerSessionToken(await getDb(), customerToken);
      if (session?.renewed) resHeaders.append("Set-Cookie", serializeSessionCookie("customer", customerToken, session.expiresAt));
      return session;
    }),
    apiKey: once(async () => (apiKeyToken ? authenticateApiKey(await getDb(), apiKeyToken) : null)),
  };
}

/** Cheap and infallible: nothing here touches the database. */
export async function createTRPCContext({ headers, resHeaders }: CreateContextOptions) {
  return { headers, resHeaders, ip: clientIp(headers), auth: signIns(headers, resHeaders) };
}

export type Context = Awaited<ReturnType<typeof createTRPCContext>>;

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    transformer: superjson,
    // The same description as REST answers; tRPC keeps its JSON-RPC envelope around it.
    errorFormatter({ shape, error }) {
      const failure = describeFailure(error);
      return {
        ...shape,
        message: failure.message,
        data: { code: failure.code, httpStatus: failure.status, path: shape.data.path, issues: failure.issues },
      };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * The one error mapping: every failure below it (input validation, sign-in lookups, domain
 * errors, the database) leaves as a described failure, with Retry-After when waiting helps.
 */
const mapErrors = t.middleware(async ({ ctx, meta, path, next }) => {
  const result = await next();
  if (result.ok) return result;
  const failure = describeFailure(result.error);
  if (failure.retryAfterSeconds !== undefined) ctx.resHeaders.set("Retry-After", String(failure.retryAfterSeconds));
  if (failure.databaseStage) markDatabaseUnavailable();
  if (meta?.openapi && failure.status < 500 && !documentedStatuses(meta).includes(failure.status)) {
    // The OpenAPI document would not list this status: the procedure's meta.errors misses a kind.
    console.error(`[api] ${path} answered ${failure.status}, which its OpenAPI document does not list: declare the error in its meta`);
  }
  throw new MappedError(failure, rootCause(result.error));
});

/**
 * The database, opened on first use inside the error mapping: a failed connection answers 503. A
 * write here is seen by the very next request here: the database's notification, which tells
 * every instance (cache/change-feed.ts), arrives a moment later. One middleware for both: each
 * layer copies the call's options once more on every call (a few percent of a booking's CPU).
 */
const withDatabase = t.middleware(async ({ type, next }) => {
  const result = await next({ ctx: { db: await getDb() } });
  if (type === "mutation") forgetCachesAfterLocalWrite();
  return result;
});

const UNAUTHORIZED_STAFF = "Please sign in as staff to continue.";
const UNAUTHORIZED_CUSTOMER = "Please log in to your account to continue.";

function unauthorized(message: string): never {
  throw new MappedError({ code: "UNAUTHORIZED", status: 401, message }, undefined);
}

const baseProcedure = t.procedure.use(mapErrors).use(withDatabase);

export const publicProcedure = baseProcedure.meta({ access: "public" });

export const PASSWORD_CHANGE_REQUIRED = "Please choose your own password in Settings before you continue.";

/** A generated first password opens nothing but the password change, whatever the client does. */
function assertOwnPassword(session: StaffSession, meta: Meta | undefined) {
  if (session.user.mustChangePassword && !meta?.beforePasswordChange) throw new ForbiddenError(PASSWORD_CHANGE_REQUIRED);
}

/**
 * A refused role answers 403 in plain words. An operation that declares no roles is open to owners
 * only, so a forgotten declaration locks others out rather than letting them in.
 */
function assertRole(role: StaffRole, meta: Meta | undefined) {
  if (meta?.roles?.includes(role) ?? role === "owner") return;
  throw new ForbiddenError(`${STAFF_ROLE_LABELS[role]} accounts cannot do this. Ask an owner if you need it.`);
}

/**
 * Staff signed in with a session cookie, or an integration with an API key; anyone else is refused.
 * Each carries a role (an API key acts as office unless made a crew's) and, for crew, the crew whose
 * days it may see. The REST cache of staff answers runs the same check before serving stored bytes.
 */
export async function requireStaff(auth: Context["auth"], meta: Meta | undefined) {
  const staffSession = await auth.staff();
  if (staffSession) {
    assertOwnPassword(staffSession, meta);
    const { role, crewId } = staffSession.user;
    return { kind: "session" as const, user: staffSession.user, sessionId: staffSession.sessionId, role, crewId };
  }
  const apiKey = await auth.apiKey();
  if (apiKey)
    return { kind: "apiKey" as const, user: null, sessionId: null, apiKeyId: apiKey.id, role: apiKey.role, crewId: apiKey.crewId };
  return unauthorized(UNAUTHORIZED_STAFF);
}

export type StaffCaller = Awaited<ReturnType<typeof requireStaff>>;

/** The crew a caller's view of the schedule is limited to: their own for crew, none for the others. */
export function crewScopeOf(staff: { role: StaffRole; crewId: number | null }): { crewId: number } | undefined {
  // A crew member without a crew (never stored: a check constraint forbids it) would see nothing.
  return staff.role === "crew" ? { crewId: staff.crewId ?? -1 } : undefined;
}

export const staffProcedure = baseProcedure.meta({ access: "staff" }).use(async ({ ctx, meta, next }) => {
  const staff = await requireStaff(ctx.auth, meta);
  assertRole(staff.role, meta);
  return next({ ctx: { staff } });
});

/** A staff member in person (settings, API keys): an API key cannot act as a particular user. */
export const staffUserProcedure = baseProcedure.meta({ access: "staffUser" }).use(async ({ ctx, meta, next }) => {
  const staffSession = await ctx.auth.staff();
  if (!staffSession) return unauthorized(UNAUTHORIZED_STAFF);
  assertOwnPassword(staffSession, meta);
  assertRole(staffSession.user.role, meta);
  return next({ ctx: { staffSession } });
});

/** A signed-in customer. Their id always comes from here, never from the input. */
export const customerProcedure = baseProcedure.meta({ access: "customer" }).use(async ({ ctx, next }) => {
  const customerSession = await ctx.auth.customer();
  if (!customerSession) return unauthorized(UNAUTHORIZED_CUSTOMER);
  return next({ ctx: { customerSession, customer: customerSession.customer } });
});

export type { Db };
