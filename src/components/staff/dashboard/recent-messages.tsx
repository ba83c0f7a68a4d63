import Link from "next/link";
import { recentMessageTimeLabel } from "@/components/messages/message-time";
import type { RouterOutputs } from "@/trpc/react";
import { Panel } from "./panel";

type RecentMessage = RouterOutputs["dashboard"]["recentMessages"][number];

/** The latest messages either way, rendered on the server; null when they could not be loaded. */
export function RecentMessages({ messages }: { messages: RecentMessage[] | null }) {
  return (
    <Panel
      title="Recent Messages"
      action={
        <Link prefetch={false} href="/messages" className="text-sm font-semibold text-brand-700 hover:underline">
          All messages
        </Link>
      }
    >
      {messages === null ? (
        <p className="text-sm text-red-700">Messages could not be loaded.</p>
      ) : messages.length === 0 ? (
        <p className="text-sm text-gray-600">No messages available.</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {messages.map((message) => {
            const unread = !message.read && message.senderType === "customer";
            return (
              <li key={message.id} className="py-3 first:pt-0 last:pb-0">
                <Link prefetch={false} href={`/messages?customerId=${message.customerId}`} className="block rounded-lg hover:bg-gray-50">
                  <div className="flex items-center justify-between gap-2">
                    <p className="flex items-center gap-2 font-semibold text-gray-900">
                      {message.customer.fullName}
                      {unread ? <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">Unread</span> : null}
                    </p>
                    <time dateTime={message.timestamp.toISOString()} className="shrink-0 text-xs text-gray-600">
                      {recentMessageTimeLabel(message.timestamp)}
                    </time>
                  </div>
                  <p className="line-clamp-2 text-sm text-gray-700">
                    {message.senderType === "user" ? <span className="text-gray-600">You: </span> : null}
                    {message.content}
                  </p>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
