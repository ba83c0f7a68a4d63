import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";

/**
 * What a portal tab shows in place of its `what` (appointments, messages, payments) while they
 * load, or when they could not be loaded; nothing once they are there.
 */
export function QueryWait({
  query,
  what,
  className,
}: {
  query: { isPending: boolean; isError: boolean };
  what: string;
  className?: string;
}) {
  if (query.isPending) return <Spinner label={`Loading ${what}`} className={className} />;
  if (!query.isError) return null;
  return (
    <p role="alert" className={cn("text-red-700", className)}>
      We could not load your {what}. Please try again later.
    </p>
  );
}
