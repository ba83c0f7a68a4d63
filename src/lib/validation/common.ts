import { z } from "zod";

/** The input of a procedure that takes none; an empty object keeps REST and tRPC callers alike. */
export const ZNoInputSchema = z.object({});
