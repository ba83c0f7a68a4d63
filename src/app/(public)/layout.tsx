import type { ReactNode } from "react";

/** The public site's frame (header, footer, bottom bar) arrives with the public-site issue. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return <div className="flex min-h-screen flex-col">{children}</div>;
}
