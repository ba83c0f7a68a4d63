"use client";

import { HighlightedText } from "@/components/ui/highlighted-text";
import { cn } from "@/lib/cn";
import type { RouterOutputs } from "@/trpc/react";
import { messageTimeLabel } from "./message-time";

export type Conversation = RouterOutputs["messages"]["conversations"][number];

/** The customer list beside the chat (md and up); it scrolls at 600 px. */
export function ConversationList({
  conversations,
  selectedCustomerId,
  onSelect,
  query = "",
}: {
  conversations: Conversation[];
  selectedCustomerId: number | null;
  onSelect: (customerId: number) => void;
  query?: string;
}) {
  return (
    <nav aria-label="Conversations" className="max-h-[600px] overflow-y-auto rounded-xl border border-gray-200 bg-white">
      <ul className="divide-y divide-gray-100">
        {conversations.map((conversation) => {
          const selected = conversation.customerId === selectedCustomerId;
          return (
            <li key={conversation.customerId}>
              <button
                type="button"
                onClick={() => onSelect(conversation.customerId)}
                aria-current={selected ? "true" : undefined}
                className={cn(
                  "flex min-h-14 w-full items-start gap-3 px-4 py-3 text-left hover:bg-gray-50",
                  selected && "bg-brand-50 hover:bg-brand-50",
                )}
              >
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className={cn("truncate text-sm text-gray-900", conversation.unreadCount > 0 ? "font-bold" : "font-medium")}>
                      <HighlightedText text={conversation.fullName} query={query} />
                    </span>
                    {conversation.lastMessageAt ? (
                      <span className="shrink-0 text-xs text-gray-600">{messageTimeLabel(conversation.lastMessageAt)}</span>
                    ) : null}
                  </span>
                  <span className="mt-0.5 block truncate text-sm text-gray-600">{conversation.lastMessage ?? "No messages yet"}</span>
                </span>
                {conversation.unreadCount > 0 ? (
                  <span
                    data-testid="conversation-unread"
                    className="mt-0.5 flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white"
                    aria-label={`${conversation.unreadCount} unread`}
                  >
                    {conversation.unreadCount}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Below md the list becomes a dropdown. */
export function ConversationSelect({
  conversations,
  selectedCustomerId,
  onSelect,
  selected,
}: {
  conversations: Conversation[];
  selectedCustomerId: number | null;
  onSelect: (customerId: number) => void;
  /** The open conversation, kept as an option when the search has left it out. */
  selected: { customerId: number; fullName: string } | null;
}) {
  const unlisted = selected && !conversations.some((conversation) => conversation.customerId === selected.customerId) ? selected : null;
  return (
    <div>
      <label htmlFor="conversation-select" className="mb-1 block text-sm font-medium text-gray-800">
        Conversation
      </label>
      <select
        id="conversation-select"
        value={selectedCustomerId ?? ""}
        onChange={(event) => event.target.value && onSelect(Number(event.target.value))}
        className="block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
      >
        <option value="">Choose a customer…</option>
        {unlisted ? <option value={unlisted.customerId}>{unlisted.fullName}</option> : null}
        {conversations.map((conversation) => (
          <option key={conversation.customerId} value={conversation.customerId}>
            {conversation.fullName}
            {conversation.unreadCount > 0 ? ` (${conversation.unreadCount} unread)` : ""}
          </option>
        ))}
      </select>
    </div>
  );
}
