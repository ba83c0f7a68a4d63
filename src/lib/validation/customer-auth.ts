import { z } from "zod";
import { emailField, passwordField, requiredText } from "./fields";
import { ZAcceptInvitationSchema } from "./portal";

// The customer login and register forms.
export const ZCustomerLoginSchema = z.object({
  email: emailField("Invalid email address"),
  password: passwordField("Password must be at least 6 characters", 6),
});

export type TCustomerLogin = z.output<typeof ZCustomerLoginSchema>;

/** The registration fields a customer can later edit in the portal. */
export const ZCustomerProfileSchema = z.object({
  fullName: requiredText("Full name is required", { min: 2, max: 200 }),
  email: emailField("Valid email is required"),
  phone: requiredText("Valid phone number is required", { min: 10, max: 30 }),
  address: requiredText("Address is required", { max: 300 }),
  city: requiredText("City is required", { max: 200 }),
  state: requiredText("State is required", { max: 50 }),
  zipCode: requiredText("Valid zip code is required", { min: 5, max: 10 }),
});

export type TCustomerProfile = z.output<typeof ZCustomerProfileSchema>;

/** Forgot password: the login form's email rule. */
export const ZPasswordResetRequestSchema = z.object({
  email: emailField("Invalid email address"),
});

export type TPasswordResetRequest = z.output<typeof ZPasswordResetRequestSchema>;

/** A new password from a reset link: the same form as an invitation's (token, password, confirmation). */
export const ZPasswordResetSchema = ZAcceptInvitationSchema;

export type TPasswordReset = z.output<typeof ZPasswordResetSchema>;

/** The portal's password change: the current password, then the register form's rules. */
export const ZCustomerPasswordChangeSchema = z
  .object({
    currentPassword: passwordField("Current password is required", 1),
    newPassword: passwordField("Password must be at least 6 characters", 6),
    confirmPassword: passwordField("Confirm password is required", 6),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export type TCustomerPasswordChange = z.output<typeof ZCustomerPasswordChangeSchema>;
