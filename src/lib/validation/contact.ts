import { z } from "zod";
import { emailField, optionalText, requiredText } from "./fields";

// The public contact form.
export const ZContactFormSchema = z.object({
  name: requiredText("Name must be at least 2 characters", { min: 2, max: 200 }),
  email: emailField("Please enter a valid email address"),
  phone: optionalText(30),
  message: requiredText("Message must be at least 10 characters", { min: 10, max: 5000 }),
});

export type TContactForm = z.output<typeof ZContactFormSchema>;
