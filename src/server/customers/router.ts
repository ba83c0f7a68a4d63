import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { pathId } from "@/lib/validation/fields";
import { ZCustomerFormSchema } from "@/lib/validation/customer";
import { ZCustomerSearchSchema } from "@/lib/validation/customer-search";
import {
  createCustomer,
  deleteCustomer,
  getCustomer,
  listCustomers,
  searchCustomers,
  updateCustomer,
  CUSTOMER_MESSAGES,
} from "@/server/customers/manage-customers";
import { ConflictError } from "@/server/errors";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { ZOkResponseSchema } from "@/server/auth/schemas";
import { ZCustomerPageSchema, ZCustomerSchema } from "@/server/customers/schemas";

const TAGS = ["customers"];
const ZCustomerId = pathId(CUSTOMER_MESSAGES.notFound);

/** Staff customer management. */
export const customersRouter = createTRPCRouter({
  list: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/customers",
        tags: TAGS,
        summary: "Every customer, by name; with q, sort, limit and offset, the customers that match, in that order, one page of them",
      },
    })
    .input(ZCustomerSearchSchema)
    .output(z.array(ZCustomerSchema))
    .query(({ ctx, input }) => listCustomers(ctx.db, input)),

  search: staffProcedure
    .meta({
      roles: ROLES.office,
      openapi: {
        method: "GET",
        path: "/customers/search",
        tags: TAGS,
        summary: "One page of matching customers (25 unless limit says otherwise) and how many match in all",
      },
    })
    .input(ZCustomerSearchSchema)
    .output(ZCustomerPageSchema)
    .query(({ ctx, input }) => searchCustomers(ctx.db, input)),

  get: staffProcedure
    .meta({ roles: ROLES.office, openapi: { method: "GET", path: "/customers/{id}", tags: TAGS, summary: "One customer" } })
    .input(z.object({ id: ZCustomerId }))
    .output(ZCustomerSchema)
    .query(({ ctx, input }) => getCustomer(ctx.db, input.id)),

  create: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError],
      openapi: { method: "POST", path: "/customers", tags: TAGS, summary: "Add a customer" },
      successStatus: 201,
    })
    .input(ZCustomerFormSchema)
    .output(ZCustomerSchema)
    .mutation(({ ctx, input }) => createCustomer(ctx.db, input)),

  update: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError],
      openapi: { method: "PUT", path: "/customers/{id}", tags: TAGS, summary: "Update a customer" },
    })
    .input(ZCustomerFormSchema.safeExtend({ id: ZCustomerId }))
    .output(ZCustomerSchema)
    .mutation(({ ctx, input: { id, ...form } }) => updateCustomer(ctx.db, id, form)),

  delete: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError],
      openapi: {
        method: "DELETE",
        path: "/customers/{id}",
        tags: TAGS,
        summary: "Delete a customer with their schedules and messages (409 when they have payment history)",
      },
    })
    .input(z.object({ id: ZCustomerId }))
    .output(ZOkResponseSchema)
    .mutation(({ ctx, input }) => deleteCustomer(ctx.db, input.id)),
});
