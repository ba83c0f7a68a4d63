import type { Metadata } from "next";
import { SettingsScreen } from "@/components/settings/settings-screen";
import { ROLES } from "@/lib/staff-roles";
import { requireStaffRole } from "@/server/app/sign-in-gates";

export const metadata: Metadata = { title: "Staff" };

/** Settings → Staff: owners only; anyone else is sent to their own settings, on the server. */
export default async function StaffSettingsPage() {
  await requireStaffRole(ROLES.ownerOnly, "/settings");
  return <SettingsScreen initialTab="Staff" />;
}
