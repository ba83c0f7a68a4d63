import { forwardRef, useId, type InputHTMLAttributes } from "react";
import { cn } from "@/lib/cn";
import { TEXT_CONSENT_WORDS } from "@/lib/texts";

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type">;

/**
 * The unticked "Text me about my visits" box with the words the customer agrees to under it: the
 * same words are kept with the consent (docs/product-rules.md#texts). For the booking wizard, the
 * register form and My Account.
 */
export const TextConsentCheckbox = forwardRef<HTMLInputElement, CheckboxProps>(function TextConsentCheckbox({ className, ...props }, ref) {
  const wordsId = useId();
  return (
    <div className={cn("rounded-lg border border-gray-200 bg-gray-50 px-3 py-2", className)}>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-gray-900">
        <input
          ref={ref}
          type="checkbox"
          aria-describedby={wordsId}
          className="size-5 shrink-0 rounded border-gray-300 accent-brand-700"
          {...props}
        />
        Text me about my visits
      </label>
      <p id={wordsId} className="pb-1 pl-8 text-xs text-gray-600">
        {TEXT_CONSENT_WORDS}
      </p>
    </div>
  );
});
