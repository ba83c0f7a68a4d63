import type { ReactNode } from "react";
import { PublicShell } from "@/components/public/public-shell";
import { TRPCReactProvider } from "@/trpc/react";

/** A quote's page: the public site's frame, with tRPC for the deposit's card form. */
export default function QuotePageLayout({ children }: { children: ReactNode }) {
  return (
    <PublicShell>
      <TRPCReactProvider>{children}</TRPCReactProvider>
    </PublicShell>
  );
}
