/**
 * All tRPC plumbing: the request context, error mapping and the procedure builders that carry
 * authorisation (public, staff, customer).
 */
import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import superjson from "superjson";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError } from "zod";
import { authenticateApiKey, bearerToken } from "@/server/auth/api-keys";
import { readCookie, serializeSessionCookie, sessionCookieName } from "@/server/auth/cookies";
import {
  validateCustomerSessionToken,
  validateStaffSessionToken,
  type CustomerSession,
  type StaffSession,
} from "@/server/auth/session";
import { getDb, type Db } from "@/server/db";
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  PreconditionError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
} from "@/server/errors";
import { clientIp } from "@/server/request-info";

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

export interface CreateContextOptions {
  headers: Headers;
  /** Headers to add to the response, such as Set-Cookie and Retry-After. */
  resHeaders: Headers;
}

export async function createTRPCContext({ headers, resHeaders }: CreateContextOptions) {
  const db = await getDb();
  const cookieHeader = headers.get("cookie");
  const staffToken = readCookie(cookieHeader, sessionCookieName("staff"));
  const customerToken = readCookie(cookieHeader, sessionCookieName("customer"));
  const apiKeyToken = bearerToken(headers.get("authorization"));

  const [staffSession, customerSession, apiKey] = await Promise.all([
    staffToken ? validateStaffSessionToken(db, staffToken) : null,
    customerToken ? validateCustomerSessionToken(db, customerToken) : null,
    apiKeyToken ? authenticateApiKey(db, apiKeyToken) : null,
  ]);
  if (customerSession?.renewed && customerToken) {
    resHeaders.append("Set-Cookie", serializeSessionCookie("customer", customerToken, customerSession.expiresAt));
  }

  return {
    db,
    headers,
    resHeaders,
    ip: clientIp(headers),
    staffSession: staffSession satisfies StaffSession | null,
    customerSession: customerSession satisfies CustomerSession | null,
    apiKey,
  };
}

export type Context = Awaited<ReturnType<typeof createTRPCContext>>;

/**
 * Our own meta besides the OpenAPI route: the status of a successful answer (201 for creations),
 * and whether only a staff member in person may call it (set by staffUserProcedure, read by the
 * OpenAPI document so it does not offer API keys there). `unbatched` procedures (password checks,
 * emails) must come alone in a /api/trpc request; `beforePasswordChange` ones stay open to a staff
 * member who still has a generated first password.
 */
export type Meta = OpenApiMeta<{
  successStatus?: 200 | 201;
  staffSessionOnly?: boolean;
  unbatched?: boolean;
  beforePasswordChange?: boolean;
}>;

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      const zodError = error.cause instanceof ZodError ? error.cause : null;
      const fieldFromDomain = error.cause instanceof InvalidInputError ? error.cause.field : undefined;
      const internal = error.code === "INTERNAL_SERVER_ERROR";
      return {
        ...shape,
        // The first field's own text (the spec's message) rather than a summary.
        message: internal ? INTERNAL_ERROR_MESSAGE : (zodError?.issues[0]?.message ?? shape.message),
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          issues: zodError
            ? zodError.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }))
            : fieldFromDomain
              ? [{ path: [fieldFromDomain], message: error.message }]
              : undefined,
        },
      };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

const DOMAIN_ERROR_CODES: Array<[new (...args: never[]) => DomainError, TRPC_ERROR_CODE_KEY]> = [
  [NotFoundError, "NOT_FOUND"],
  [ConflictError, "CONFLICT"],
  [ForbiddenError, "FORBIDDEN"],
  [UnauthorizedError, "UNAUTHORIZED"],
  [InvalidInputError, "BAD_REQUEST"],
  [PreconditionError, "PRECONDITION_FAILED"],
  [TooManyRequestsError, "TOO_MANY_REQUESTS"],
  [ServiceUnavailableError, "SERVICE_UNAVAILABLE"],
];

export const INVALID_DATA_MESSAGE = "Some of the values sent cannot be stored. Please check them and try again.";

/**
 * Domain errors become the matching HTTP answer; values the database refuses as data (class 22:
 * bad encoding, out of range, malformed) are the sender's fault and answer 400; anything else stays
 * a 500 without details.
 */
const mapDomainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && isDataException(result.error.cause)) {
    throw new TRPCError({ code: "BAD_REQUEST", message: INVALID_DATA_MESSAGE, cause: result.error.cause });
  }
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    ctx.resHeaders.set("Retry-After", "5");
    throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: DATABASE_UNAVAILABLE_MESSAGE, cause: result.error.cause });
  }
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    if (cause instanceof TooManyRequestsError) ctx.resHeaders.set("Retry-After", String(cause.retryAfterSeconds));
    const code = DOMAIN_ERROR_CODES.find(([kind]) => cause instanceof kind)?.[1] ?? "INTERNAL_SERVER_ERROR";
    throw new TRPCError({ code, message: cause.message, cause });
  }
  return result;
});

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

function isDataException(error: unknown): boolean {
  return errorCodes(error).some((code) => /^22[0-9A-Z]{3}$/.test(code));
}

export const DATABASE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";

/** The database is restarting or out of reach (a connection refused, closed or shut down). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorCodes(error).some((code) =>
    ["ECONNREFUSED", "ECONNRESET", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT", "57P01", "57P02", "57P03", "08006", "08001", "08003"].includes(code),
  );
}

export const publicProcedure = t.procedure.use(mapDomainErrors);

export const PASSWORD_CHANGE_REQUIRED = "Please choose your own password in Settings before you continue.";

/** A generated first password opens nothing but the password change, whatever the client does. */
function assertOwnPassword(session: StaffSession, meta: Meta | undefined) {
  if (session.user.mustChangePassword && !meta?.beforePasswordChange) {
    throw new TRPCError({ code: "FORBIDDEN", message: PASSWORD_CHANGE_REQUIRED });
  }
}

/** Staff signed in with a session cookie, or an integration with an API key (beyond.md item 13). */
export const staffProcedure = publicProcedure.use(({ ctx, meta, next }) => {
  if (ctx.staffSession) {
    assertOwnPassword(ctx.staffSession, meta);
    return next({ ctx: { staff: { kind: "session" as const, user: ctx.staffSession.user, sessionId: ctx.staffSession.sessionId } } });
  }
  if (ctx.apiKey) {
    return next({ ctx: { staff: { kind: "apiKey" as const, user: null, sessionId: null, apiKeyId: ctx.apiKey.id } } });
  }
  throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in as staff to continue." });
});

/** A staff member in person (settings, API keys): an API key cannot act as a particular user. */
export const staffUserProcedure = publicProcedure.meta({ staffSessionOnly: true }).use(({ ctx, meta, next }) => {
  if (!ctx.staffSession) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in as staff to continue." });
  }
  assertOwnPassword(ctx.staffSession, meta);
  return next({ ctx: { staffSession: ctx.staffSession } });
});

/** A signed-in customer. Their id always comes from here, never from the input. */
export const customerProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.customerSession) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Please log in to your account to continue." });
  }
  return next({ ctx: { customerSession: ctx.customerSession, customer: ctx.customerSession.customer } });
});

export type { Db };
