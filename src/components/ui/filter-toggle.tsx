import { cn } from "@/lib/cn";

/**
 * A row of pressed/unpressed buttons that picks which part of a list shows (open or handled,
 * open or all): each value is a button, its name the value (shown capitalized), with aria-pressed,
 * inside a labelled group.
 */
export function FilterToggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex rounded-lg border border-gray-300 p-0.5">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            "min-h-9 rounded-md px-3 text-sm font-medium capitalize",
            value === option ? "bg-brand-700 text-white" : "text-gray-700 hover:bg-gray-100",
          )}
        >
          {option}
        </button>
      ))}
    </div>
  );
}
