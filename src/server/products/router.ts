import { z } from "zod";
import { ROLES } from "@/lib/staff-roles";
import { pathId } from "@/lib/validation/fields";
import { PRODUCT_MESSAGES, ZProductFormSchema } from "@/lib/validation/products";
import { createTRPCRouter, staffProcedure } from "@/server/api/trpc";
import { ConflictError, NotFoundError } from "@/server/errors";
import { addProduct, getProduct, listProducts, setProductActive, updateProduct } from "./products";
import { ZProductSchema } from "./schemas";

const TAGS = ["products"];
const ZProductId = pathId(PRODUCT_MESSAGES.notFound);

/** Lawn-care products: owners and office manage them, crews read the active list (docs/product-rules.md#products-and-licenses). */
export const productsRouter = createTRPCRouter({
  list: staffProcedure
    .meta({
      roles: ROLES.everyone,
      openapi: {
        method: "GET",
        path: "/products",
        tags: TAGS,
        summary: "The products, active first; retired ones too with status=all (crews always get the active ones)",
      },
    })
    .input(z.object({ status: z.enum(["active", "all"]).default("active") }))
    .output(z.array(ZProductSchema))
    .query(({ ctx, input }) => listProducts(ctx.db, { activeOnly: input.status === "active" || ctx.staff.role === "crew" })),

  get: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: { method: "GET", path: "/products/{id}", tags: TAGS, summary: "One product, active or retired" },
    })
    .input(z.object({ id: ZProductId }))
    .output(ZProductSchema)
    .query(({ ctx, input }) => getProduct(ctx.db, input.id)),

  add: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError],
      openapi: { method: "POST", path: "/products", tags: TAGS, summary: "Add a product (409 when an active product has the name)" },
      successStatus: 201,
    })
    .input(ZProductFormSchema)
    .output(ZProductSchema)
    .mutation(({ ctx, input }) => addProduct(ctx.db, input)),

  update: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError, NotFoundError],
      openapi: {
        method: "PUT",
        path: "/products/{id}",
        tags: TAGS,
        summary: "Save a product (409 when another active product has the name)",
      },
    })
    .input(ZProductFormSchema.extend({ id: ZProductId }))
    .output(ZProductSchema)
    .mutation(({ ctx, input: { id, ...form } }) => updateProduct(ctx.db, id, form)),

  retire: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [NotFoundError],
      openapi: {
        method: "POST",
        path: "/products/{id}/retire",
        tags: TAGS,
        summary: "Retire a product: the crews no longer pick it, the records keep it",
      },
    })
    .input(z.object({ id: ZProductId }))
    .output(ZProductSchema)
    .mutation(({ ctx, input }) => setProductActive(ctx.db, input.id, false)),

  reactivate: staffProcedure
    .meta({
      roles: ROLES.office,
      errors: [ConflictError, NotFoundError],
      openapi: {
        method: "POST",
        path: "/products/{id}/reactivate",
        tags: TAGS,
        summary: "Bring a retired product back (409 when an active product took its name)",
      },
    })
    .input(z.object({ id: ZProductId }))
    .output(ZProductSchema)
    .mutation(({ ctx, input }) => setProductActive(ctx.db, input.id, true)),
});
