import type { ReactNode } from "react";
import { MobileBottomBar } from "./mobile-bottom-bar";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The public layout: header, page, footer and the phone bottom bar. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <MobileBottomBar />
    </div>
  );
}
