import { cn } from "@/lib/cn";
import type { RouterOutputs } from "@/trpc/react";
import { messageTimeLabel } from "./message-time";
import { deliveryLine } from "./text-status";

export type ConversationMessage = RouterOutputs["messages"]["list"][number];

/**
 * One message of a conversation: staff on the right, the customer on the left; a "Text" badge when
 * it came or went by text, and under a staff text what became of it (and why, when it did not go).
 */
export function MessageBubble({ message, customerName }: { message: ConversationMessage; customerName: string }) {
  const fromStaff = message.senderType === "user";
  const byText = message.channel === "text";
  const delivery = message.delivery ? deliveryLine(message.delivery) : null;
  return (
    <li className={cn("flex flex-col", fromStaff ? "items-end" : "items-start")}>
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-4 py-2 text-sm sm:max-w-[80%]",
          fromStaff ? "rounded-br-sm bg-brand-700 text-white" : "rounded-bl-sm bg-gray-100 text-gray-900",
        )}
      >
        <span className="sr-only">{fromStaff ? "You" : customerName}: </span>
        <p className="break-words whitespace-pre-wrap" data-testid="message-content">
          {message.content}
        </p>
        <p className={cn("mt-1 flex flex-wrap items-center gap-x-2 text-xs", fromStaff ? "text-brand-100" : "text-gray-600")}>
          {messageTimeLabel(message.timestamp)}
          {byText ? (
            <span
              data-testid="message-channel"
              className={cn(
                "rounded-full px-1.5 py-px text-[11px] font-semibold",
                fromStaff ? "bg-white/20 text-white" : "bg-gray-200 text-gray-800",
              )}
            >
              Text
            </span>
          ) : null}
        </p>
      </div>
      {delivery ? (
        <p
          data-testid="message-delivery"
          className={cn("mt-1 max-w-[85%] text-right text-xs sm:max-w-[80%]", delivery.problem ? "text-red-700" : "text-gray-600")}
        >
          {delivery.label}
          {delivery.reason ? `: ${delivery.reason}` : null}
        </p>
      ) : null}
    </li>
  );
}
