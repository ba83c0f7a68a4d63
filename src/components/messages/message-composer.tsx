"use client";

import { SendHorizontal } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { cn } from "@/lib/cn";
import { isSendableMessage } from "@/lib/message-rules";
import { countSegments } from "@/lib/text-segments";
import type { MessageChannel } from "@/lib/texts";
import { api } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";
import { segmentCounterLabel } from "./text-status";

const CHANNEL_CHOICES: Array<{ value: MessageChannel; label: string }> = [
  { value: "text", label: "Text" },
  { value: "portal", label: "My Account" },
];

/**
 * Enter sends, Shift+Enter adds a newline, blank text is not sendable. The answer goes by text or to
 * My Account: by text when the customer last wrote by text, unless staff choose otherwise; while
 * writing a text the composer counts its segments, which is what a text costs.
 */
export function MessageComposer({
  customerId,
  customerName,
  lastCustomerChannel,
}: {
  customerId: number;
  customerName: string;
  /** The channel the customer last wrote by; null before they write. */
  lastCustomerChannel: MessageChannel | null;
}) {
  const [content, setContent] = useState("");
  const [chosenChannel, setChosenChannel] = useState<MessageChannel | null>(null);
  const channel = chosenChannel ?? (lastCustomerChannel === "text" ? "text" : "portal");
  const utils = api.useUtils();
  const send = api.messages.send.useMutation({
    onSuccess: async () => {
      setContent("");
      await Promise.all([utils.messages.list.invalidate({ customerId }), utils.messages.conversations.invalidate()]);
    },
    onError: (error) => toast({ title: "Failed to send message", description: errorMessage(error), variant: "destructive" }),
  });

  const sendable = isSendableMessage(content) && !send.isPending;

  const submit = () => {
    if (!sendable) return;
    send.mutate({ customerId, content, senderType: "user", channel });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      method="post"
      className="space-y-2 border-t border-gray-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <fieldset className="flex items-center gap-2">
          <legend className="float-left mr-2 text-xs font-medium text-gray-700">Reply by</legend>
          <div className="flex rounded-lg border border-gray-300 p-0.5">
            {CHANNEL_CHOICES.map((choice) => (
              <label
                key={choice.value}
                className={cn(
                  "flex min-h-9 cursor-pointer items-center rounded-md px-3 text-sm font-medium has-focus-visible:ring-2 has-focus-visible:ring-brand-600",
                  channel === choice.value ? "bg-brand-700 text-white" : "text-gray-700 hover:bg-gray-100",
                )}
              >
                <input
                  type="radio"
                  name={`reply-channel-${customerId}`}
                  value={choice.value}
                  checked={channel === choice.value}
                  onChange={() => setChosenChannel(choice.value)}
                  className="sr-only"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
        {channel === "text" ? (
          <p className="text-xs text-gray-600 tabular-nums" aria-live="polite" data-testid="segment-counter">
            {segmentCounterLabel(countSegments(content))}
          </p>
        ) : null}
      </div>
      <div className="flex items-end gap-2">
        <label htmlFor="message-content" className="sr-only">
          Message to {customerName}
        </label>
        <textarea
          id="message-content"
          rows={2}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={
            channel === "text"
              ? "Type a text… (Enter to send, Shift+Enter for a new line)"
              : "Type a message… (Enter to send, Shift+Enter for a new line)"
          }
          maxLength={5000}
          className="block max-h-40 min-h-11 flex-1 resize-y rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm"
        />
        <SubmitButton disabled={!sendable} aria-label="Send message" className="shrink-0">
          <SendHorizontal aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Send</span>
        </SubmitButton>
      </div>
    </form>
  );
}
