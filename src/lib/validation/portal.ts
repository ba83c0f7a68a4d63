import { z } from "zod";
import { passwordField } from "./fields";

// Links from emails carry a token; a missing or mangled one reads as an invalid link.
export const ZEmailLinkTokenSchema = z
  .string({ error: "This link is not valid. Please check that you copied the whole link from the email." })
  .trim()
  .min(1, "This link is not valid. Please check that you copied the whole link from the email.")
  .max(200, "This link is not valid. Please check that you copied the whole link from the email.");

/** Setting a password from a staff invitation: the register form's password rules. */
export const ZAcceptInvitationSchema = z
  .object({
    token: ZEmailLinkTokenSchema,
    password: passwordField("Password must be at least 6 characters", 6),
    confirmPassword: passwordField("Confirm password is required", 6),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export type TAcceptInvitation = z.output<typeof ZAcceptInvitationSchema>;
