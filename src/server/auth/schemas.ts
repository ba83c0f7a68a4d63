import { z } from "zod";
import { STAFF_ROLES } from "@/lib/staff-roles";

export const ZStaffUserSchema = z
  .object({
    fullName: z.string().nullable(),
    email: z.string().nullable(),
    username: z.string(),
    mustChangePassword: z
      .boolean()
      .describe("True while the account still has its generated first password: every staff operation but the password change answers 403"),
    role: z
      .enum(STAFF_ROLES)
      .describe("owner: everything; office: everything but staff users and business settings; crew: their crew's days"),
    crewId: z.number().int().nullable().describe("The crew of a crew member; null for owners and office"),
  })
  .meta({ id: "StaffUser" });

export const ZStaffStatusResponseSchema = z.object({
  authenticated: z.boolean(),
  user: ZStaffUserSchema.nullable(),
  demoMode: z.boolean().describe("True when the server runs as a public demonstration with a published staff login"),
});

/** What a customer may see of their own record: never the password hash. */
export const ZSessionCustomerSchema = z
  .object({
    id: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    isVerified: z.boolean(),
  })
  .meta({ id: "SessionCustomer" });
/** The signed-in customer, as the session holds them and as the API answers with them. */
export type TSessionCustomer = z.infer<typeof ZSessionCustomerSchema>;

export const ZCustomerStatusResponseSchema = z.object({
  authenticated: z.boolean(),
  customer: ZSessionCustomerSchema.nullable(),
});
export type TCustomerStatusResponse = z.infer<typeof ZCustomerStatusResponseSchema>;

export const ZCustomerRegisterResponseSchema = ZCustomerStatusResponseSchema.extend({
  message: z.string().describe("What happened: the account was created, or a link to open the existing record was emailed"),
});

export const ZOkResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export function toSessionCustomer(customer: z.input<typeof ZSessionCustomerSchema>) {
  return ZSessionCustomerSchema.parse(customer);
}
