import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  robots: { index: false, follow: false },
  manifest: "/crew/manifest.webmanifest",
  appleWebApp: { capable: true, title: "Crew day", statusBarStyle: "default" },
  // Setting icons here replaces the site's, so name the tab icon too: without one the browser asks
  // for /favicon.ico on every load and logs a 404.
  icons: { icon: { url: "/crew/icon.svg", type: "image/svg+xml" }, apple: "/crew/icon-192.png" },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#166534" };

/** The crew's phone: no staff sidebar or bottom bar, large targets, one column (docs/product-rules.md#the-crews-phone). */
export default function CrewLayout({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-gray-50">{children}</div>;
}
