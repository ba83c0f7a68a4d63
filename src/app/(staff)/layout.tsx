import type { Metadata } from "next";
import type { ReactNode } from "react";
import { StaffShell } from "@/components/staff/staff-shell";
import { requireStaff } from "@/server/auth/sign-in-gates";
import { TRPCReactProvider } from "@/trpc/react";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** The admin layout for every staff path (spec 2, Layouts). */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  await requireStaff();
  return (
    <TRPCReactProvider>
      <StaffShell>{children}</StaffShell>
    </TRPCReactProvider>
  );
}
