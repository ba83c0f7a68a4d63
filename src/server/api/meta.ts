import type { OpenApiMeta } from "trpc-to-openapi";
import type { DomainError } from "@/server/errors";
import type { StaffRole } from "@/lib/staff-roles";

/**
 * Who may call a procedure, set by its builder: anyone, staff (a session or an API key), a staff
 * member in person (a session only), or a signed-in customer. The OpenAPI document reads it.
 */
export type Access = "public" | "staff" | "staffUser" | "customer";

export type DomainErrorClass = abstract new (...args: never[]) => DomainError;

/**
 * Our own meta besides the OpenAPI route: the status of a successful answer (201 for creations),
 * the access its builder sets, and the domain errors its domain functions may throw. The OpenAPI
 * document derives every status an operation can answer from these. `unbatched` procedures
 * (password checks, emails) must come alone in a /api/trpc request; `beforePasswordChange` ones
 * stay open to a staff member who still has a generated first password. Every staff operation
 * (access `staff` or `staffUser`) declares the `roles` that may call it; one without a declaration
 * is open to owners only, and the access matrix fails for it (docs/product-rules.md#staff-roles).
 */
export type Meta = OpenApiMeta<{
  successStatus?: 200 | 201;
  access?: Access;
  roles?: readonly StaffRole[];
  errors?: DomainErrorClass[];
  unbatched?: boolean;
  beforePasswordChange?: boolean;
  /** A larger request body than the 100 kB every other operation takes (a photo). */
  bodyLimit?: number;
}>;
