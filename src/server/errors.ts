/**
 * Errors that domain functions throw. They know nothing about HTTP; the tRPC layer maps each
 * kind to a status code in one place (server/api/trpc.ts).
 */
export class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {}
export class ConflictError extends DomainError {}

/** The record existed but is no longer reachable this way (a revoked or expired link): 410. */
export class GoneError extends NotFoundError {}

/** A conflict over several things at once (visits of a series, say): each is named as an issue, as zod's are. */
export class ConflictListError extends ConflictError {
  constructor(
    message: string,
    readonly issues: Array<{ path: string[]; message: string }>,
  ) {
    super(message);
  }
}
export class ForbiddenError extends DomainError {}
export class UnauthorizedError extends DomainError {}
export class PreconditionError extends DomainError {}

/** A business rule refused the input; `field` names the input that broke it, as zod issues do. */
export class InvalidInputError extends DomainError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** A dependency such as the card provider is not set up or not reachable. */
export class ServiceUnavailableError extends DomainError {}
