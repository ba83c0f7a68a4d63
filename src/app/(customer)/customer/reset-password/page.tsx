import type { Metadata } from "next";
import { AuthShell } from "@/components/portal/auth-shell";
import { ChooseNewPasswordForm, RequestPasswordResetForm } from "@/components/portal/password-reset-forms";
import { PortalBenefits } from "@/components/portal/portal-benefits";
import { firstParam } from "@/components/portal/search-params";

export const metadata: Metadata = { title: "Reset Password", robots: { index: false, follow: false } };

/** Forgot password: ask for a link by email, then (?token=...) choose a new password. */
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = firstParam((await searchParams).token);
  if (token) {
    return (
      <AuthShell
        title="Choose a New Password"
        subtitle="Every other device signed in to your account will be logged out."
        aside={<PortalBenefits />}
      >
        <ChooseNewPasswordForm token={token} />
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title="Reset Password"
      subtitle="Enter your account's email and we will send you a link to choose a new password."
      aside={<PortalBenefits />}
    >
      <RequestPasswordResetForm />
    </AuthShell>
  );
}
