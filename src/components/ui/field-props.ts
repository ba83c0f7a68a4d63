import { get, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";

// Apart from field.tsx, so a screen that shows a field without a react-hook-form form (a search box)
// does not load react-hook-form with it.

/**
 * A form field's registration and its error, to spread onto a TextField. `serverError` is the
 * server's answer to a form sent before hydration, shown while the browser has found nothing.
 */
export function fieldProps<T extends FieldValues, R extends FieldValues>(
  form: UseFormReturn<T, unknown, R>,
  name: Path<T>,
  serverError?: string,
) {
  const found: { message?: unknown } | undefined = get(form.formState.errors, name);
  const message = found?.message;
  return { error: typeof message === "string" ? message : serverError, ...form.register(name) };
}
