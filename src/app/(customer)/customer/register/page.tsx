import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AcceptInvitationForm, type InvitationLookup } from "@/components/portal/accept-invitation-form";
import { AuthShell } from "@/components/portal/auth-shell";
import { CustomerRegisterForm } from "@/components/portal/customer-register-form";
import { PortalBenefits } from "@/components/portal/portal-benefits";
import { firstParam } from "@/components/portal/search-params";
import { describeFailure } from "@/server/api/error-mapping";
import { serverApi } from "@/trpc/server";

/** Read on the server, so the invitation's form is in the HTML before any script runs. */
async function lookUpInvitation(token: string): Promise<InvitationLookup> {
  try {
    const invitation = await (await serverApi()).portal.invitation({ token });
    return { ok: true, fullName: invitation.fullName, email: invitation.email };
  } catch (error) {
    return { ok: false, message: describeFailure(error).message || "This link could not be used." };
  }
}

export const metadata: Metadata = { title: "Create Account" };

export default async function CustomerRegisterPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const inviteToken = firstParam(params.invite);
  const status = await (await serverApi()).customerAuth.status({});
  if (status.authenticated && !inviteToken) redirect("/customer/account");

  if (inviteToken) {
    return (
      <AuthShell title="Set Up Your Account" subtitle="You were invited to the customer portal." aside={<PortalBenefits />}>
        <AcceptInvitationForm token={inviteToken} invitation={await lookUpInvitation(inviteToken)} />
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Create Account" subtitle="Register to book and manage your lawn care services online." aside={<PortalBenefits />}>
      <CustomerRegisterForm prefill={{ email: firstParam(params.email), fullName: firstParam(params.name) }} />
    </AuthShell>
  );
}
