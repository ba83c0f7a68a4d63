"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { homePageOf, STAFF_ROLE_LABELS, type StaffRole } from "@/lib/staff-roles";
import { ZAcceptStaffInvitationSchema, type TAcceptStaffInvitation } from "@/lib/validation/staff";
import { api } from "@/trpc/react";

/** The invitee chooses their name, username and password, and lands on their role's first page. */
export function StaffInvitationForm({
  token,
  invitation,
}: {
  token: string;
  invitation: { email: string; role: StaffRole; crewName: string | null };
}) {
  const router = useRouter();
  const hydrated = useHydrated();
  const accept = api.staff.acceptInvitation.useMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TAcceptStaffInvitation>({
    resolver: zodResolver(ZAcceptStaffInvitationSchema),
    defaultValues: { token, fullName: "", username: "", password: "", confirmPassword: "" },
  });

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
    <form method="post" noValidate className="space-y-4" onSubmit={handleSubmit(onSubmit)}>
      <p className="text-sm text-gray-700">
        For <strong>{invitation.email}</strong>, as {STAFF_ROLE_LABELS[invitation.role].toLowerCase()}
        {invitation.crewName ? ` on ${invitation.crewName}` : ""}.
      </p>
      <TextField label="Full name" autoComplete="name" error={errors.fullName?.message} {...register("fullName")} />
      <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register("username")} />
      <TextField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...register("password")} />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting}>
        Create my account
      </Button>
    </form>
  );
}
