import type { Metadata } from "next";
import { ProgramsScreen } from "@/components/programs/programs-screen";
import { requireStaffPage } from "@/server/app/sign-in-gates";

export const metadata: Metadata = { title: "Lawn programs" };

export default async function ProgramsPage() {
  await requireStaffPage("/programs");
  return <ProgramsScreen />;
}
