import { z } from "zod";
import { API_KEY_ROLES } from "@/lib/staff-roles";
import { emailField, idField, instantField, optionalText, passwordField, requiredText } from "./fields";

// The profile and password forms in Settings.
export const ZProfileFormSchema = z.object({
  fullName: requiredText("Full name must be at least 2 characters", { min: 2, max: 200 }),
  email: emailField("Please enter a valid email address"),
  username: requiredText("Username must be at least 3 characters", { min: 3, max: 100 }),
  phone: optionalText(30),
});

export type TProfileForm = z.output<typeof ZProfileFormSchema>;

export const ZPasswordFormSchema = z
  .object({
    currentPassword: passwordField("Current password is required", 1),
    newPassword: passwordField("Password must be at least 8 characters", 8),
    confirmPassword: passwordField("Confirm password is required", 8),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export type TPasswordForm = z.output<typeof ZPasswordFormSchema>;

export const API_KEY_MESSAGES = {
  name: "Give the key a name, such as the system that will use it",
  expiresAt: "Enter the expiry as a date (yyyy-MM-dd) or a date and time with its offset",
  expiryInPast: "Choose an expiry date after today",
  role: "An API key acts as office, or as one crew",
  crew: "Choose the crew this key acts for",
  crewOnlyForCrew: "Only a crew key names a crew",
} as const;

/**
 * A new API key. `expiresAt` is optional: a bare date means the key stops working as that day
 * begins in Austin.
 */
export const ZCreateApiKeySchema = z
  .object({
    name: requiredText(API_KEY_MESSAGES.name, { min: 2, max: 100 }),
    expiresAt: instantField(API_KEY_MESSAGES.expiresAt).nullish(),
    role: z.enum(API_KEY_ROLES, { error: API_KEY_MESSAGES.role }).default("office"),
    crewId: idField(API_KEY_MESSAGES.crew).nullish(),
  })
  .superRefine((form, context) => {
    if (form.role === "crew" && !form.crewId) context.addIssue({ code: "custom", message: API_KEY_MESSAGES.crew, path: ["crewId"] });
    if (form.role !== "crew" && form.crewId)
      context.addIssue({ code: "custom", message: API_KEY_MESSAGES.crewOnlyForCrew, path: ["crewId"] });
  });

export type TCreateApiKey = z.output<typeof ZCreateApiKeySchema>;
