import { z } from "zod";
import { API_KEY_ROLES, STAFF_ROLES } from "@/lib/staff-roles";
import { emailField, idField, passwordField, requiredText } from "./fields";
import { ZEmailLinkTokenSchema } from "./portal";

export const STAFF_MESSAGES = {
  role: "Choose a role: owner, office or crew",
  crewRequired: "Choose the crew this person works on",
  crewOnlyForCrew: "Only crew members belong to a crew",
  lastOwner: "Keep at least one owner: someone must be able to manage staff and settings.",
  notFound: "Staff member not found",
  alreadyStaff: "Someone on the staff already uses this email.",
  usernameTaken: "That username is taken. Please choose another.",
  invitationInvalid: "This invitation link is not valid. Please check that you copied the whole link from the email.",
  invitationUsed: "This invitation has already been used. Please sign in.",
  invitationWithdrawn:
    "This invitation was withdrawn: the person who sent it can no longer invite staff. Ask an owner for a new invitation.",
  invitationExpired: "This invitation has expired. Invitations work for 7 days: ask an owner for a new one.",
  invitationNotPending: "That invitation is not waiting to be used: it was used, withdrawn or replaced, or it has expired.",
} as const;

/** A role and, for a crew member, their crew; the other roles belong to no crew. */
export function withCrew<T extends z.ZodRawShape & { role: z.ZodType<string> }>(shape: T) {
  return z.object({ ...shape, crewId: idField(STAFF_MESSAGES.crewRequired).nullish() }).superRefine((parsed, context) => {
    const form = parsed as { role: string; crewId?: number | null };
    const role = form.role;
    if (role === "crew" && !form.crewId) context.addIssue({ code: "custom", message: STAFF_MESSAGES.crewRequired, path: ["crewId"] });
    if (role !== "crew" && form.crewId) context.addIssue({ code: "custom", message: STAFF_MESSAGES.crewOnlyForCrew, path: ["crewId"] });
  });
}

const ZStaffRole = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.role });

/** An owner invites someone to the staff by email, with their role. */
export const ZStaffInvitationFormSchema = withCrew({ email: emailField("Please enter a valid email address"), role: ZStaffRole });
export type TStaffInvitationForm = z.output<typeof ZStaffInvitationFormSchema>;

/** An owner changes a staff member's role (and crew). */
export const ZStaffRoleFormSchema = withCrew({ role: ZStaffRole });
export const ZStaffRoleShape = { role: ZStaffRole };
export type TStaffRoleForm = z.output<typeof ZStaffRoleFormSchema>;

/** An API key's role: office (the default) or a crew's, never wider. */
export const ZApiKeyRoleSchema = withCrew({ role: z.enum(API_KEY_ROLES, { error: "An API key acts as office or as a crew" }) });

/** The invitee chooses their name, username and password from the link. */
export const ZAcceptStaffInvitationSchema = z
  .object({
    token: ZEmailLinkTokenSchema,
    fullName: requiredText("Full name must be at least 2 characters", { min: 2, max: 200 }),
    username: requiredText("Username must be at least 3 characters", { min: 3, max: 100 }),
    password: passwordField("Password must be at least 8 characters", 8),
    confirmPassword: passwordField("Confirm password is required", 8),
  })
  .refine((form) => form.password === form.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });
export type TAcceptStaffInvitation = z.output<typeof ZAcceptStaffInvitationSchema>;
