import type { Metadata } from "next";
import type { ReactNode } from "react";
import { StaffShell } from "@/components/staff/staff-shell";
import { TRPCReactProvider } from "@/trpc/react";
import { HydrateClient, prefetchApi } from "@/trpc/server";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** The admin layout for every staff path (spec 2, Layouts). */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  // The staff status and the bell's count come with the page, so the shell and the first screen
  // render on the server.
  await Promise.all([prefetchApi.auth.status.prefetch({}), prefetchApi.messages.unread.prefetch({})]);
  return (
    <TRPCReactProvider>
      <HydrateClient>
        <StaffShell>{children}</StaffShell>
      </HydrateClient>
    </TRPCReactProvider>
  );
}
