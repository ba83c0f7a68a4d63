"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useActionState } from "react";
import { useForm } from "react-hook-form";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { homePageOf, STAFF_ROLE_LABELS, type StaffRole } from "@/lib/staff-roles";
import { ZAcceptStaffInvitationSchema, type TAcceptStaffInvitation } from "@/lib/validation/staff";
import { EMPTY_FORM_STATE } from "@/server/forms/form-state";
import { staffInvitationAction } from "@/server/forms/staff-invitation-action";
import { api } from "@/trpc/react";

/**
 * The invitee chooses their name, username and password, and lands on their role's first page.
 * Sent before the page's JavaScript runs, it posts to a server action that signs up through the
 * same procedure; once hydrated, the submit handler takes over with toasts and no reload.
 */
export function StaffInvitationForm({
  token,
  invitation,
}: {
  token: string;
  invitation: { email: string; role: StaffRole; crewName: string | null };
}) {
  const router = useRouter();
  const [sent, formAction] = useActionState(staffInvitationAction, EMPTY_FORM_STATE);
  const accept = api.staff.acceptInvitation.useMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<TAcceptStaffInvitation>({
    resolver: zodResolver(ZAcceptStaffInvitationSchema),
    defaultValues: {
      token,
      fullName: sent.values?.fullName ?? "",
      username: sent.values?.username ?? "",
      password: "",
      confirmPassword: "",
    },
  });
  // The server's answer to a form sent before hydration shows until the form is sent again here.
  const early = submitCount === 0 ? sent : EMPTY_FORM_STATE;
  const fieldError = (name: keyof TAcceptStaffInvitation) => errors[name]?.message ?? early.fieldErrors?.[name];

  const onSubmit = async (values: TAcceptStaffInvitation) => {
    try {
      const signedIn = await accept.mutateAsync(values);
      toast({ title: "Welcome aboard", description: "Your staff account is ready." });
      router.push(homePageOf(signedIn.user?.role ?? invitation.role));
    } catch (error) {
      toast({ title: "Sign-up failed", description: errorMessage(error), variant: "destructive" });
    }
  };

  return (
    <form noValidate action={formAction} onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <FormAlert message={early.error} />
      <input type="hidden" defaultValue={token} {...register("token")} />
      <p className="text-sm text-gray-700">
        For <strong>{invitation.email}</strong>, as {STAFF_ROLE_LABELS[invitation.role].toLowerCase()}
        {invitation.crewName ? ` on ${invitation.crewName}` : ""}.
      </p>
      <TextField
        label="Full name"
        autoComplete="name"
        defaultValue={sent.values?.fullName}
        error={fieldError("fullName")}
        {...register("fullName")}
      />
      <TextField
        label="Username"
        autoComplete="username"
        defaultValue={sent.values?.username}
        error={fieldError("username")}
        {...register("username")}
      />
      <TextField label="Password" type="password" autoComplete="new-password" error={fieldError("password")} {...register("password")} />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={fieldError("confirmPassword")}
        {...register("confirmPassword")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        Create my account
      </Button>
    </form>
  );
}
