import type { Metadata } from "next";
import type { ReactNode } from "react";
import { StaffShell } from "@/components/staff/staff-shell";
import { requireStaff } from "@/server/app/sign-in-gates";
import { mayOpenPage } from "@/lib/staff-roles";
import { TRPCReactProvider } from "@/trpc/react";
import { HydrateClient, prefetchApi } from "@/trpc/server";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** The admin layout for every staff path. */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const { user } = await requireStaff();
  // The staff status and the bell's unread count (one indexed count) come with the page, so the
  // shell renders on the server and the phone makes no request of its own for them. Crew members
  // have no bell: customers' messages are not theirs to read.
  await Promise.all([
    prefetchApi.auth.status.prefetch({}),
    ...(mayOpenPage(user.role, "/messages") ? [prefetchApi.messages.unreadCount.prefetch({})] : []),
  ]);
  return (
    <TRPCReactProvider>
      <HydrateClient>
        <StaffShell>{children}</StaffShell>
      </HydrateClient>
    </TRPCReactProvider>
  );
}
