import type { Metadata } from "next";
import type { ReactNode } from "react";
import { StaffShell } from "@/components/staff/staff-shell";
import { requireStaff } from "@/server/auth/sign-in-gates";
import { TRPCReactProvider } from "@/trpc/react";
import { HydrateClient, prefetchApi } from "@/trpc/server";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** The admin layout for every staff path. */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  await requireStaff();
  // The staff status comes with the page, so the shell and the first screen render on the server.
  // The bell's unread list is not brought along: it holds every unread message, which with years of
  // data would weigh more than the page itself; it follows on the client.
  await prefetchApi.auth.status.prefetch({});
  return (
    <TRPCReactProvider>
      <HydrateClient>
        <StaffShell>{children}</StaffShell>
      </HydrateClient>
    </TRPCReactProvider>
  );
}
