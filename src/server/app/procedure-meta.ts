import { appRouter } from "@/server/app/router";
import type { Meta } from "@/server/api/meta";

type ProcedureRecord = Record<string, { _def: { meta?: Meta; inputs?: unknown[] } }>;

/** Each procedure's meta by its dotted path ("booking.create"), for the REST layer and the document. */
export function procedureMetas(): ProcedureRecord {
  // tRPC keeps a flat record of procedures by path; its type is the nested router shape.
  return appRouter._def.procedures as unknown as ProcedureRecord;
}
