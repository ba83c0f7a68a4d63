import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Toaster } from "@/components/toast/toaster";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "GreenScape Austin | Lawn Care & Garden Services", template: "%s | GreenScape Austin" },
  description:
    "Professional lawn mowing, trimming, cleanup and fertilization across Greater Austin, Texas. Check your ZIP and book a visit online.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#255937" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        {children}
        <Toaster />
      </body>
    </html>
  );
}
