import { requireStaffPage } from "@/server/app/sign-in-gates";
import type { Metadata } from "next";
import { conversationListInput } from "@/components/messages/conversation-list-input";
import { MessagesScreen } from "@/components/messages/messages-screen";
import { HydrateClient, prefetchApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Messages" };

export default async function MessagesPage() {
  await requireStaffPage("/messages");
  await Promise.all([
    prefetchApi.messages.conversations.prefetch(conversationListInput()),
    prefetchApi.inquiries.list.prefetch({ status: "open" }),
  ]);
  return (
    <HydrateClient>
      <MessagesScreen />
    </HydrateClient>
  );
}
