import { z } from "zod";
import { passwordField, requiredText } from "./fields";

// The staff login form.
export const ZStaffLoginSchema = z.object({
  username: requiredText("Username is required", { max: 200 }),
  password: passwordField("Password is required", 1),
});

export type TStaffLogin = z.output<typeof ZStaffLoginSchema>;
