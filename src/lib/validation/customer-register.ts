import type { z } from "zod";
import { passwordField } from "./fields";
import { ZCustomerProfileSchema } from "./customer-auth";
import { PHONE_TAKES_TEXTS_ISSUE, phoneTakesTexts, textConsentField } from "./text-consent-field";

/**
 * The register form: the profile, a password, and the unticked "Text me about my visits". Apart
 * from the other customer forms because its phone check carries the phone-number metadata, which
 * only this form and the booking form load.
 */
export const ZCustomerRegisterSchema = ZCustomerProfileSchema.extend({
  password: passwordField("Password must be at least 6 characters", 6),
  confirmPassword: passwordField("Confirm password is required", 6),
  textConsent: textConsentField,
})
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  })
  .refine(phoneTakesTexts, PHONE_TAKES_TEXTS_ISSUE);

export type TCustomerRegister = z.output<typeof ZCustomerRegisterSchema>;
