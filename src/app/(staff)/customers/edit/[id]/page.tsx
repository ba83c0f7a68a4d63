import { requireStaffPage } from "@/server/app/sign-in-gates";
import type { Metadata } from "next";
import { EditCustomerScreen } from "@/components/staff/customers/edit-customer-screen";

export const metadata: Metadata = { title: "Edit Customer" };

export default async function EditCustomerPage({ params }: { params: Promise<{ id: string }> }) {
  await requireStaffPage("/customers");
  const { id } = await params;
  return <EditCustomerScreen id={/^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null} />;
}
