import type { Metadata } from "next";
import { AdminLoginForm } from "@/components/staff/admin-login-form";

export const metadata: Metadata = { title: "Admin Login", robots: { index: false, follow: false } };

/** Spec 2: the staff login renders without the site layout. */
export default function AdminLoginPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10">
      <AdminLoginForm />
    </main>
  );
}
