"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { MessageSquare } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { SearchField } from "@/components/ui/field";
import { PageSpinner } from "@/components/ui/spinner";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { api } from "@/trpc/react";
import { ChatPane } from "./chat-pane";
import { ConversationList, ConversationSelect } from "./conversation-list";
import { CONVERSATIONS_SHOWN, conversationListInput } from "./conversation-list-input";
import { QuoteRequestsPanel } from "@/components/quotes/quote-requests-panel";
import { InquiriesPanel } from "./inquiries-panel";

/** The messages screen: customers on the left (a dropdown on phones), the conversation on the right. */
export function MessagesScreen() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const selectedCustomerId = Number(searchParams.get("customerId")) || null;
  const startingNew = searchParams.get("new") === "true";
  const [query, setQuery] = useState("");
  const settledQuery = useDebouncedValue(query);
  const conversations = api.messages.conversations.useQuery(conversationListInput(settledQuery), { placeholderData: keepPreviousData });
  const selectRef = useRef<HTMLDivElement>(null);

  // ?new=true (the phone's plus button) means: pick whom to write to.
  useEffect(() => {
    if (startingNew) selectRef.current?.querySelector("select")?.focus();
  }, [startingNew, conversations.isSuccess]);

  const select = (customerId: number) => router.replace(`${pathname}?customerId=${customerId}`, { scroll: false });
  const listed = conversations.data?.find((conversation) => conversation.customerId === selectedCustomerId) ?? null;
  // A customer chosen by link (?customerId=) may be beyond the list's first names.
  const unlisted = api.customers.get.useQuery(
    { id: selectedCustomerId ?? 0 },
    { enabled: selectedCustomerId !== null && conversations.isSuccess && !listed },
  );
  const selected = listed ?? (unlisted.data ? { customerId: unlisted.data.id, fullName: unlisted.data.fullName } : null);

  if (conversations.isPending) return <PageSpinner />;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">Messages</h1>
      {conversations.isError ? (
        <p className="text-sm text-red-700">Conversations could not be loaded. Please reload the page.</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-[18rem_1fr]">
          <div className="space-y-3">
            <SearchField
              id="conversation-search"
              label="Find a customer"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Name, email, phone or address"
              hint={
                conversations.data.length === CONVERSATIONS_SHOWN
                  ? `The ${CONVERSATIONS_SHOWN} latest conversations; search to find anyone else.`
                  : undefined
              }
            />
            <div className="hidden md:block">
              {conversations.data.length === 0 ? (
                <p className="rounded-xl border border-gray-200 bg-white p-4 text-sm text-gray-600">
                  {settledQuery.trim()
                    ? `No customers match “${settledQuery.trim()}”.`
                    : "No customers yet. Add one on the Customers screen."}
                </p>
              ) : (
                <ConversationList
                  conversations={conversations.data}
                  selectedCustomerId={selectedCustomerId}
                  onSelect={select}
                  query={settledQuery}
                />
              )}
            </div>
            <div className="md:hidden" ref={selectRef}>
              <ConversationSelect
                conversations={conversations.data}
                selectedCustomerId={selectedCustomerId}
                onSelect={select}
                selected={selected}
              />
            </div>
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
      <QuoteRequestsPanel />
    </div>
  );
}
