import type { ReactNode } from "react";
import { PublicShell } from "@/components/public/public-shell";

/** My Account is the one portal screen inside the site's header and footer; the group gives it tRPC. */
export default function CustomerAccountLayout({ children }: { children: ReactNode }) {
  return <PublicShell>{children}</PublicShell>;
}
