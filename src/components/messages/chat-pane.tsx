"use client";

import { useEffect, useRef } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { MessageChannel } from "@/lib/texts";
import { api } from "@/trpc/react";
import { MessageComposer } from "./message-composer";
import { type ConversationMessage, MessageBubble } from "./message-bubble";

// The open conversation is polled every 10 seconds.
const CONVERSATION_POLL_MS = 10_000;

/** The 600 px chat pane: the conversation, polled, and the composer. */
export function ChatPane({ customerId, customerName }: { customerId: number; customerName: string }) {
  const conversation = api.messages.list.useQuery({ customerId }, { refetchInterval: CONVERSATION_POLL_MS });
  useMarkCustomerMessagesRead(customerId, conversation.data);
  const endRef = useRef<HTMLDivElement>(null);
  const count = conversation.data?.length ?? 0;

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [count, customerId]);

  return (
    <section
      aria-label={`Conversation with ${customerName}`}
      className="flex h-[600px] flex-col rounded-xl border border-gray-200 bg-white"
    >
      <header className="border-b border-gray-200 px-4 py-3">
        <h2 className="font-semibold text-gray-900">{customerName}</h2>
      </header>
      <div className="flex-1 overflow-y-auto px-4 py-4" aria-live="polite">
        {conversation.isPending ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label="Loading conversation" />
          </div>
        ) : conversation.isError ? (
          <p className="text-sm text-red-700">The conversation could not be loaded. It will try again shortly.</p>
        ) : count === 0 ? (
          <p className="py-10 text-center text-sm text-gray-600">No messages yet. Write the first one below.</p>
        ) : (
          <ol className="space-y-3">
            {conversation.data.map((message) => (
              <MessageBubble key={message.id} message={message} customerName={customerName} />
            ))}
          </ol>
        )}
        <div ref={endRef} />
      </div>
      <MessageComposer customerId={customerId} customerName={customerName} lastCustomerChannel={lastCustomerChannel(conversation.data)} />
    </section>
  );
}

/** The channel the customer last wrote by, which the answer takes by default; null before they write. */
function lastCustomerChannel(messages: ConversationMessage[] | undefined): MessageChannel | null {
  const fromCustomer = (messages ?? []).filter((message) => message.senderType === "customer");
  return fromCustomer.at(-1)?.channel ?? null;
}

/**
 * Viewing a conversation marks each unread customer message read (PATCH /api/messages/{id}/read,
 * see docs/product-rules.md#messages), then refreshes the conversation, the bell and the dashboard. A
 * failure is only logged.
 */
function useMarkCustomerMessagesRead(customerId: number, messages: Array<{ id: number; senderType: string; read: boolean }> | undefined) {
  const utils = api.useUtils();
  const markRead = api.messages.markRead.useMutation();
  const attempted = useRef(new Set<number>());
  const { mutateAsync } = markRead;

  useEffect(() => {
    const unread = (messages ?? []).filter(
      (message) => message.senderType === "customer" && !message.read && !attempted.current.has(message.id),
    );
    if (unread.length === 0) return;
    for (const message of unread) attempted.current.add(message.id);
    void Promise.all(
      unread.map((message) =>
        mutateAsync({ id: message.id }).catch((error: unknown) => console.error(`Could not mark message ${message.id} as read`, error)),
      ),
    ).then(() =>
      Promise.all([
        utils.messages.list.invalidate({ customerId }),
        utils.messages.unreadCount.invalidate(),
        utils.messages.conversations.invalidate(),
        utils.dashboard.stats.invalidate(),
      ]),
    );
  }, [messages, customerId, mutateAsync, utils]);
}
