import { Check } from "lucide-react";
import { cn } from "@/lib/cn";
import { BOOKING_STEPS } from "./booking-steps";

/** The wizard's progress indicator: Service, Location, Schedule, Contact, Review. */
export function StepIndicator({ current }: { current: number }) {
  return (
    <nav aria-label="Booking progress" className="mb-8">
      <p aria-hidden="true" className="mb-3 text-sm font-medium text-gray-700 sm:hidden">
        Step {current + 1} of {BOOKING_STEPS.length}: {BOOKING_STEPS[current]}
      </p>
      <ol className="flex items-center gap-1 sm:gap-2">
        {BOOKING_STEPS.map((name, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li key={name} className="flex flex-1 items-center gap-1 sm:gap-2" aria-current={active ? "step" : undefined}>
              <span
                className={cn(
                  "flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                  done && "bg-brand-700 text-white",
                  active && "bg-brand-700 text-white ring-4 ring-brand-200",
                  !done && !active && "border border-gray-300 bg-white text-gray-600",
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : index + 1}
              </span>
              <span className={cn("sr-only text-sm sm:not-sr-only", active ? "font-semibold text-brand-900" : "text-gray-700")}>
                {name}
                {done ? <span className="sr-only"> (completed)</span> : null}
              </span>
              {index < BOOKING_STEPS.length - 1 ? (
                <span aria-hidden="true" className={cn("h-0.5 flex-1 rounded", done ? "bg-brand-600" : "bg-gray-200")} />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
