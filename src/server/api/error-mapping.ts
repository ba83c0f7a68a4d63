import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { ZodError } from "zod";
import { databaseUnavailableStage, isDataException, type DatabaseUnavailableStage } from "@/server/db/errors";
import {
  ConflictError,
  ConflictListError,
  DomainError,
  ForbiddenError,
  GoneError,
  InvalidInputError,
  NotFoundError,
  PreconditionError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
} from "@/server/errors";

/** The one error shape every API answer carries, REST and tRPC alike. */
export interface ApiIssue {
  path: string[];
  message: string;
}

export interface ApiErrorBody {
  message: string;
  code: string;
  issues?: ApiIssue[];
}

/** A failure as clients see it: its status, its body, and how long to wait before a retry. */
export interface ApiFailure extends ApiErrorBody {
  code: TRPC_ERROR_CODE_KEY;
  status: number;
  retryAfterSeconds?: number;
  /** For the logs only: which stage of reaching the database failed. */
  databaseStage?: DatabaseUnavailableStage;
}

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";
export const INVALID_DATA_MESSAGE = "Some of the values sent cannot be stored. Please check them and try again.";
export const DATABASE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";
/** A restart of PostgreSQL takes a few seconds; asking again sooner only adds load. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const STATUS_OF_CODE: Record<TRPC_ERROR_CODE_KEY, number> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  PRECONDITION_REQUIRED: 428,
  TOO_MANY_REQUESTS: 429,
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
};

type DomainErrorClass = abstract new (...args: never[]) => DomainError;

/** The status of each kind of domain error; the OpenAPI document reads it too. */
export const DOMAIN_ERROR_CODES: ReadonlyArray<[DomainErrorClass, TRPC_ERROR_CODE_KEY]> = [
  [InvalidInputError, "BAD_REQUEST"],
  [UnauthorizedError, "UNAUTHORIZED"],
  [ForbiddenError, "FORBIDDEN"],
  [NotFoundError, "NOT_FOUND"],
  [ConflictError, "CONFLICT"],
  [PreconditionError, "PRECONDITION_FAILED"],
  [TooManyRequestsError, "TOO_MANY_REQUESTS"],
  [ServiceUnavailableError, "SERVICE_UNAVAILABLE"],
];

export function codeOfDomainError(kind: DomainErrorClass): TRPC_ERROR_CODE_KEY {
  return (
    DOMAIN_ERROR_CODES.find(([candidate]) => kind === candidate || kind.prototype instanceof candidate)?.[1] ?? "INTERNAL_SERVER_ERROR"
  );
}

function failure(code: TRPC_ERROR_CODE_KEY, message: string, extra: Partial<ApiFailure> = {}): ApiFailure {
  return { code, status: STATUS_OF_CODE[code], message, ...extra };
}

/** zod's issues as the API words them: the path as strings, the field's own message, each once. */
function issuesOf(error: ZodError): ApiIssue[] {
  const seen = new Set<string>();
  return error.issues
    .map((issue) => ({ path: issue.path.map(String), message: issue.message }))
    .filter((issue) => {
      const key = JSON.stringify(issue);
      return seen.has(key) ? false : (seen.add(key), true);
    });
}

/**
 * What any failure of a procedure means to a client. Domain errors keep their message; input
 * validation answers 400 with the first field's own message; a database that cannot be reached
 * answers 503 with Retry-After; values PostgreSQL refuses as data answer 400; anything else is a
 * 500 that says nothing about our insides.
 */
export function describeFailure(error: unknown): ApiFailure {
  if (error instanceof MappedError) return error.failure;

  // tRPC reports input validation as BAD_REQUEST caused by the ZodError. A ZodError under any other
  // code is ours (an output that does not match its schema), so it stays internal.
  if (error instanceof TRPCError && error.code === "BAD_REQUEST" && error.cause instanceof ZodError) {
    const issues = issuesOf(error.cause);
    return failure("BAD_REQUEST", issues[0]?.message ?? "Invalid input", { issues });
  }

  const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
  if (cause instanceof DomainError) {
    const code = codeOfDomainError(cause.constructor as DomainErrorClass);
    if (cause instanceof InvalidInputError && cause.field) {
      return failure(code, cause.message, { issues: [{ path: [cause.field], message: cause.message }] });
    }
    if (cause instanceof TooManyRequestsError) return failure(code, cause.message, { retryAfterSeconds: cause.retryAfterSeconds });
    if (cause instanceof ConflictListError) return failure(code, cause.message, { issues: cause.issues });
    // tRPC has no code for 410; the body says NOT_FOUND and the status says it is gone for good.
    if (cause instanceof GoneError) return failure(code, cause.message, { status: 410 });
    return failure(code, cause.message);
  }

  const stage = databaseUnavailableStage(cause);
  if (stage) {
    return failure("SERVICE_UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE, {
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      databaseStage: stage,
    });
  }
  if (isDataException(cause)) return failure("BAD_REQUEST", INVALID_DATA_MESSAGE);

  // tRPC's own refusals (not signed in, no such procedure, unreadable JSON) say what happened.
  if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") {
    return failure(error.code === "PARSE_ERROR" ? "BAD_REQUEST" : error.code, error.message);
  }
  return failure("INTERNAL_SERVER_ERROR", INTERNAL_ERROR_MESSAGE);
}

/** A failure already described: it keeps its description through every later layer. */
export class MappedError extends TRPCError {
  constructor(
    readonly failure: ApiFailure,
    cause: unknown,
  ) {
    super({ code: failure.code, message: failure.message, cause });
  }
}

/** The body clients receive (the status and headers travel beside it). */
export function errorBody(failure: ApiFailure): ApiErrorBody {
  return { message: failure.message, code: failure.code, ...(failure.issues ? { issues: failure.issues } : {}) };
}

/** The original error behind a failure, for the server's log. */
export function rootCause(error: unknown): unknown {
  return error instanceof TRPCError && error.cause ? rootCause(error.cause) : error;
}
