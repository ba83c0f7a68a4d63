import type { Metadata } from "next";
import { Suspense } from "react";
import { MessagesScreen } from "@/components/messages/messages-screen";
import { PageSpinner } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Messages" };

export default function MessagesPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <MessagesScreen />
    </Suspense>
  );
}
