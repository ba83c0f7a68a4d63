"use client";

import { useEffect, useRef } from "react";
import { MessageSquare, Send } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/field";
import { toast } from "@/components/toast/toast-store";
import { BUSINESS } from "@/lib/business";
import { businessDateOf, formatBusinessDate } from "@/lib/business-time";
import { cn } from "@/lib/cn";
import { ZMessageFormSchema } from "@/lib/validation/message";
import { api } from "@/trpc/react";
import { errorMessage } from "@/components/error-text";
import { SubmitButton } from "@/components/ui/submit-button";
import { useZodForm } from "@/components/ui/use-zod-form";
import { QueryWait } from "./query-wait";
import { PortalEmptyState } from "./portal-empty-state";

// Conversations are polled every 10 seconds, like the staff side.
const POLL_INTERVAL_MS = 10_000;

function messageTime(timestamp: Date): string {
  const sameDay = businessDateOf(timestamp) === businessDateOf(new Date());
  return formatBusinessDate(timestamp, sameDay ? "h:mm a" : "MMM d, h:mm a");
}

export function MessagesTab() {
  const utils = api.useUtils();
  const conversation = api.portal.messages.useQuery({}, { refetchInterval: POLL_INTERVAL_MS });
  const { mutate: markReplyRead } = api.portal.markMessageRead.useMutation();
  const listRef = useRef<HTMLOListElement>(null);

  const messages = conversation.data ?? [];
  const unreadReplyIds = messages.filter((message) => message.senderType === "user" && !message.read).map((message) => message.id);
  const unreadKey = unreadReplyIds.join(",");
  useEffect(() => {
    // Replies from the business count as seen once the conversation is on screen.
    for (const id of unreadKey ? unreadKey.split(",").map(Number) : []) markReplyRead({ id });
  }, [unreadKey, markReplyRead]);
  useEffect(() => {
    // Scroll the conversation itself, not the page, so the newest message is in view.
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  const form = useZodForm(ZMessageFormSchema, { content: "" });
  const send = api.portal.sendMessage.useMutation({
    onSuccess: async () => {
      form.reset({ content: "" });
      await utils.portal.messages.invalidate();
    },
    onError: (error) =>
      toast({
        title: "Failed to send message",
        description: errorMessage(error, { answer: "An unknown error occurred", exception: "An unknown error occurred" }),
        variant: "destructive",
      }),
  });
  const submit = form.handleSubmit((values) => send.mutate(values));

  if (conversation.isPending || conversation.isError) return <QueryWait query={conversation} what="messages" />;

  return (
    <section aria-labelledby="messages-heading" className="rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="messages-heading" className="text-xl font-semibold text-gray-900">
        Messages
      </h2>
      {messages.length === 0 ? (
        <PortalEmptyState icon={MessageSquare} text="No messages found">
          <p className="mt-1 text-sm text-gray-600">Write to us below, or use our contact page.</p>
          <ButtonLink href="/contact" variant="outline" className="mt-4">
            Contact Us
          </ButtonLink>
        </PortalEmptyState>
      ) : (
        <ol ref={listRef} aria-label="Conversation" className="mt-4 max-h-[480px] space-y-3 overflow-y-auto pr-1">
          {messages.map((message) => {
            const mine = message.senderType === "customer";
            return (
              <li key={message.id} className={cn("flex", mine ? "justify-end" : "justify-start")}>
                <div className={cn("max-w-[85%] rounded-2xl px-4 py-2.5", mine ? "bg-brand-700 text-white" : "bg-gray-100 text-gray-900")}>
                  <p className="sr-only">{mine ? "You" : BUSINESS.name} wrote:</p>
                  <p className="whitespace-pre-wrap break-words">{message.content}</p>
                  <p className={cn("mt-1 text-xs", mine ? "text-brand-100" : "text-gray-600")}>
                    {mine ? "You" : BUSINESS.name} · {messageTime(message.timestamp)}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <form method="post" noValidate onSubmit={submit} className="mt-5 space-y-3">
        <TextAreaField
          label="Your message"
          hint="Enter sends; Shift+Enter starts a new line."
          error={form.formState.errors.content?.message}
          rows={3}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void submit();
            }
          }}
          {...form.register("content")}
        />
        <SubmitButton disabled={send.isPending}>
          <Send aria-hidden="true" className="size-4" />
          {send.isPending ? "Sending..." : "Send"}
        </SubmitButton>
      </form>
    </section>
  );
}
