import type { Metadata } from "next";
import { AdminLoginForm } from "@/components/staff/admin-login-form";
import { redirectSignedInStaff } from "@/server/app/sign-in-gates";

export const metadata: Metadata = { title: "Admin Login", robots: { index: false, follow: false } };

/** The staff login renders without the site layout, on the server: its form works before any script. */
export default async function AdminLoginPage() {
  const { demoMode } = await redirectSignedInStaff();
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10">
      <AdminLoginForm demoMode={demoMode} />
    </main>
  );
}
