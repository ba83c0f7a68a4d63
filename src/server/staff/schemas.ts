import { z } from "zod";
import { STAFF_ROLES } from "@/lib/staff-roles";

const ZRole = z.enum(STAFF_ROLES);

export const ZStaffMemberSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    fullName: z.string().nullable(),
    email: z.string().nullable(),
    role: ZRole,
    crewId: z.number().int().nullable(),
    crewName: z.string().nullable(),
    createdAt: z.date(),
  })
  .meta({ id: "StaffMember" });

export const ZStaffInvitationSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: ZRole,
    crewName: z.string().nullable(),
    expiresAt: z.date(),
  })
  .meta({ id: "StaffInvitation" });

export const ZStaffListSchema = z.object({
  members: z.array(ZStaffMemberSchema),
  invitations: z.array(ZStaffInvitationSchema).describe("Invitations sent and not yet used or expired"),
});

export const ZStaffInvitationDetailsSchema = z.object({ email: z.string(), role: ZRole, crewName: z.string().nullable() });
