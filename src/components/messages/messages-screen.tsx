"use client";

import { MessageSquare } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { PageSpinner } from "@/components/ui/spinner";
import { api } from "@/trpc/react";
import { ChatPane } from "./chat-pane";
import { ConversationList, ConversationSelect } from "./conversation-list";
import { InquiriesPanel } from "./inquiries-panel";

/** Spec 2, Messages screen: customers on the left (a dropdown on phones), the conversation on the right. */
export function MessagesScreen() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const selectedCustomerId = Number(searchParams.get("customerId")) || null;
  const startingNew = searchParams.get("new") === "true";
  const conversations = api.messages.conversations.useQuery({});
  const selectRef = useRef<HTMLDivElement>(null);

  // ?new=true (the phone's plus button) means: pick whom to write to.
  useEffect(() => {
    if (startingNew) selectRef.current?.querySelector("select")?.focus();
  }, [startingNew, conversations.isSuccess]);

  const select = (customerId: number) => router.replace(`${pathname}?customerId=${customerId}`, { scroll: false });
  const selected = conversations.data?.find((conversation) => conversation.customerId === selectedCustomerId) ?? null;

  if (conversations.isPending) return <PageSpinner />;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">Messages</h1>
      {conversations.isError ? (
        <p className="text-sm text-red-700">Conversations could not be loaded. Please reload the page.</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-[18rem_1fr]">
          <div className="hidden md:block">
            {conversations.data.length === 0 ? (
              <p className="rounded-xl border border-gray-200 bg-white p-4 text-sm text-gray-600">No customers yet. Add one on the Customers screen.</p>
            ) : (
              <ConversationList conversations={conversations.data} selectedCustomerId={selectedCustomerId} onSelect={select} />
            )}
          </div>
          <div className="md:hidden" ref={selectRef}>
            <ConversationSelect conversations={conversations.data} selectedCustomerId={selectedCustomerId} onSelect={select} />
          </div>
          {selected ? (
            <ChatPane key={selected.customerId} customerId={selected.customerId} customerName={selected.fullName} />
          ) : (
            <div className="flex h-64 flex-col items-center justify-center rounded-xl border border-dashed md:h-[600px] border-gray-300 bg-white p-6 text-center">
              <MessageSquare aria-hidden="true" className="size-10 text-gray-400" />
              <h2 className="mt-3 font-semibold text-gray-900">No Conversation Selected</h2>
              <p className="mt-1 text-sm text-gray-600">Choose a customer to read and send messages.</p>
            </div>
          )}
        </div>
      )}
      <InquiriesPanel onOpenConversation={select} />
    </div>
  );
}
