import { cn } from "@/lib/cn";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center", className)}>
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-area spinner shown while a protected screen checks who is signed in. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
