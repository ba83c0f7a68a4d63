"use client";

import { SendHorizontal } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { isSendableMessage } from "@/lib/message-rules";
import { api } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";

/** Enter sends, Shift+Enter adds a newline, blank text is not sendable. */
export function MessageComposer({ customerId, customerName }: { customerId: number; customerName: string }) {
  const [content, setContent] = useState("");
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
    send.mutate({ customerId, content, senderType: "user" });
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
      className="flex items-end gap-2 border-t border-gray-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor="message-content" className="sr-only">
        Message to {customerName}
      </label>
      <textarea
        id="message-content"
        rows={2}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={handleKeyDown}
        placeholder="Type a message… (Enter to send, Shift+Enter for a new line)"
        maxLength={5000}
        className="block max-h-40 min-h-11 flex-1 resize-y rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm"
      />
      <SubmitButton disabled={!sendable} aria-label="Send message" className="shrink-0">
        <SendHorizontal aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">Send</span>
      </SubmitButton>
    </form>
  );
}
