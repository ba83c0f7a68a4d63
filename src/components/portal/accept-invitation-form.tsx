"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { CircleX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { PageSpinner } from "@/components/ui/spinner";
import { refreshCustomerSession } from "@/components/public/customer-session-store";
import { toast } from "@/components/toast/toast-store";
import { ZAcceptInvitationSchema, type TAcceptInvitation } from "@/lib/validation/portal";
import { api } from "@/trpc/react";
import { describeFailure } from "./server-error";

/** Opened from a staff invitation (/customer/register?invite=...): choose a password and go in. */
export function AcceptInvitationForm({ token }: { token: string }) {
  const router = useRouter();
  const utils = api.useUtils();
  const invitation = api.portal.invitation.useQuery({ token });
  const form = useForm<TAcceptInvitation>({
    resolver: zodResolver(ZAcceptInvitationSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const accept = api.portal.acceptInvitation.useMutation({
    onSuccess: async () => {
      toast({ title: "Registration successful", description: "Your account has been created!" });
      await Promise.all([utils.customerAuth.status.invalidate(), refreshCustomerSession()]);
      router.replace("/customer/account");
      router.refresh();
    },
    onError: (error) => {
      toast({
        title: "Registration failed",
        description: describeFailure(error, { answer: "Could not create account", exception: "An error occurred during registration" }),
        variant: "destructive",
      });
    },
  });

  if (invitation.isPending) return <PageSpinner />;
  if (invitation.isError) {
    return (
      <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>
          {describeFailure(invitation.error, { answer: "This link could not be used.", exception: "We could not reach the server. Please try again." })}{" "}
          <Link href="/customer/login" className="font-semibold underline">
            Go to login
          </Link>
        </p>
      </div>
    );
  }
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => accept.mutate(values))} className="space-y-4">
      <p className="rounded-lg bg-brand-50 p-4 text-brand-900">
        Hi {invitation.data.fullName}, choose a password for <strong>{invitation.data.email}</strong>.
      </p>
      <TextField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...form.register("password")} />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register("confirmPassword")}
      />
      <Button type="submit" size="lg" className="w-full" disabled={accept.isPending}>
        {accept.isPending ? "Creating Account..." : "Create Account"}
      </Button>
    </form>
  );
}
