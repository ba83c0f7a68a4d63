"use client";

import type { ComponentProps } from "react";
import { Button } from "./button";
import { useHydrated } from "./use-hydrated";

/**
 * The submit button of a form that only works with the page's JavaScript. Until the page is
 * hydrated it is disabled, and being the form's default button it also blocks sending with Enter:
 * a form sent early would reload the page and lose what was typed.
 */
export function SubmitButton({ disabled, ...props }: Omit<ComponentProps<typeof Button>, "type">) {
  const hydrated = useHydrated();
  return <Button {...props} type="submit" disabled={disabled || !hydrated} />;
}
