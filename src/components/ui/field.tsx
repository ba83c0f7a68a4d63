import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { Search } from "lucide-react";
import { cn } from "@/lib/cn";

const CONTROL =
  "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 shadow-sm placeholder:text-gray-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-gray-100 sm:text-sm";

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** The label, hint and error around one control, tied to it with aria-describedby so the error is announced. */
function LabelledControl({
  id,
  label,
  error,
  hint,
  className,
  children,
}: FieldProps & { id?: string; className?: string; children: (control: ControlAttributes) => ReactNode }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children({
        id: inputId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined,
      })}
      {hint && !error ? (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${inputId}-error`} message={error} />
    </div>
  );
}

interface ControlAttributes {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & FieldProps>(function TextField(
  { label, error, hint, id, className, ...props },
  ref,
) {
  return (
    <LabelledControl id={id} label={label} error={error} hint={hint} className={className}>
      {(control) => <input ref={ref} {...control} className={cn(CONTROL, error ? "border-red-600" : "border-gray-300")} {...props} />}
    </LabelledControl>
  );
});

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps>(
  function TextAreaField({ label, error, hint, id, className, ...props }, ref) {
    return (
      <LabelledControl id={id} label={label} error={error} hint={hint} className={className}>
        {(control) => (
          <textarea ref={ref} {...control} className={cn(CONTROL, "min-h-28", error ? "border-red-600" : "border-gray-300")} {...props} />
        )}
      </LabelledControl>
    );
  },
);

/** A labelled amount in dollars and cents, from one cent up; the server turns it into cents. */
export const DollarAmountField = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & Partial<FieldProps>>(
  function DollarAmountField({ label = "Amount ($)", ...props }, ref) {
    return <TextField ref={ref} label={label} type="number" inputMode="decimal" min={0.01} step={0.01} placeholder="0.00" {...props} />;
  },
);

/** A labelled whole number (days, hours, square feet): the phone shows digits only. */
export const WholeNumberField = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & FieldProps>(
  function WholeNumberField(props, ref) {
    return <TextField ref={ref} type="number" inputMode="numeric" step={1} {...props} />;
  },
);

/** A checkbox with its label beside it, a touch target tall enough for a thumb; `className` styles the label. */
export const CheckboxField = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode }>(
  function CheckboxField({ label, className, ...props }, ref) {
    return (
      <label className={cn("flex min-h-11 items-center gap-3 text-sm", className ?? "text-gray-800")}>
        <input ref={ref} type="checkbox" className="size-5 shrink-0 rounded border-gray-300 accent-brand-700" {...props} />
        {label}
      </label>
    );
  },
);

/** A labelled search box with a magnifier inside it, for lists that narrow as one types; `hint` goes under it. */
export const SearchField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & Omit<FieldProps, "error">>(
  function SearchField({ label, hint, id, className, ...props }, ref) {
    return (
      <LabelledControl id={id} label={label} hint={hint} className={className}>
        {(control) => (
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
            <input ref={ref} {...control} type="search" autoComplete="off" className={cn(controlClasses(), "min-h-11 pl-9")} {...props} />
          </div>
        )}
      </LabelledControl>
    );
  },
);

/** A labelled select whose error is announced and tied to it with aria-describedby; the options are its children. */
export const SelectField = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & FieldProps>(function SelectField(
  { label, error, hint, id, className, children, ...props },
  ref,
) {
  return (
    <LabelledControl id={id} label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select ref={ref} {...control} className={controlClasses(Boolean(error))} {...props}>
          {children}
        </select>
      )}
    </LabelledControl>
  );
});

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

export const controlClasses = (hasError?: boolean) => cn(CONTROL, hasError ? "border-red-600" : "border-gray-300");
