import type { Metadata } from "next";
import { StaffInvitationForm } from "@/components/staff/staff-invitation-form";
import { StaffLogo } from "@/components/staff/staff-logo";
import { errorMessage } from "@/components/error-text";
import { serverApi } from "@/trpc/server";

export const metadata: Metadata = { title: "Join the staff", robots: { index: false, follow: false } };

/** The link of an owner's invitation: who it is for and as what, then the sign-up form. */
export default async function StaffInvitationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).token;
  let invitation: Awaited<ReturnType<Awaited<ReturnType<typeof serverApi>>["staff"]["invitation"]>> | null = null;
  let problem: string | null = null;
  if (typeof token !== "string" || token === "") problem = "This invitation link is not valid. Please open the whole link from the email.";
  else {
    try {
      invitation = await (await serverApi()).staff.invitation({ token });
    } catch (error) {
      problem = errorMessage(error);
    }
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-md space-y-6 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
        <StaffLogo />
        <h1 className="text-2xl font-bold text-gray-900">Join the staff</h1>
        {invitation && typeof token === "string" ? (
          <StaffInvitationForm token={token} invitation={invitation} />
        ) : (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
      </div>
    </main>
  );
}
