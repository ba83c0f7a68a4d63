import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

const CONTROL =
  "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 shadow-sm placeholder:text-gray-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-gray-100 sm:text-sm";

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & FieldProps>(function TextField(
  { label, error, hint, id, className, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
        className={cn(CONTROL, error ? "border-red-600" : "border-gray-300")}
        {...props}
      />
      {hint && !error ? (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${inputId}-error`} message={error} />
    </div>
  );
});

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps>(
  function TextAreaField({ label, error, hint, id, className, ...props }, ref) {
    const generated = useId();
    const inputId = id ?? generated;
    return (
      <div className={className}>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-800">
          {label}
        </label>
        <textarea
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
          className={cn(CONTROL, "min-h-28", error ? "border-red-600" : "border-gray-300")}
          {...props}
        />
        {hint && !error ? (
          <p id={`${inputId}-hint`} className="mt-1 text-xs text-gray-600">
            {hint}
          </p>
        ) : null}
        <FieldError id={`${inputId}-error`} message={error} />
      </div>
    );
  },
);

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

export const controlClasses = (hasError?: boolean) => cn(CONTROL, hasError ? "border-red-600" : "border-gray-300");
