import { CircleCheck, CircleX, Clock } from "lucide-react";
import { cn } from "@/lib/cn";

const STATUS_LOOK = {
  completed: { label: "Completed", Icon: CircleCheck, className: "bg-green-50 text-green-800 ring-green-600/30" },
  pending: { label: "Pending", Icon: Clock, className: "bg-amber-50 text-amber-900 ring-amber-600/30" },
  failed: { label: "Failed", Icon: CircleX, className: "bg-red-50 text-red-800 ring-red-600/30" },
} as const;

/** Each payment status has its own icon (and a word, so colour is not the only cue). */
export function PaymentStatusBadge({ status }: { status: string }) {
  const look = STATUS_LOOK[status as keyof typeof STATUS_LOOK];
  if (!look)
    return <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800 ring-1 ring-gray-300">{status}</span>;
  const { Icon } = look;
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1", look.className)}>
      <Icon aria-hidden="true" className="size-3.5" />
      {look.label}
    </span>
  );
}
