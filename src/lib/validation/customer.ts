import { z } from "zod";
import { emailField, optionalText, requiredText } from "./fields";

// The staff's customer form; city, state and ZIP are optional extras the form may show.
export const ZCustomerFormSchema = z.object({
  fullName: requiredText("Full name is required", { min: 2, max: 200 }),
  email: emailField("Invalid email address"),
  phone: optionalText(30),
  address: requiredText("Address is required", { min: 5, max: 300 }),
  city: optionalText(200),
  state: optionalText(50),
  zipCode: z
    .string()
    .trim()
    .regex(/^(\d{5}(-\d{4})?)?$/, "Valid zip code is required")
    .nullish(),
  notes: optionalText(5000),
});

export type TCustomerFormInput = z.input<typeof ZCustomerFormSchema>;
export type TCustomerForm = z.output<typeof ZCustomerFormSchema>;
