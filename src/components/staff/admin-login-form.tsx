"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useActionState } from "react";
import { useForm } from "react-hook-form";
import { DemoModeBanner } from "@/components/demo-mode-banner";
import { errorMessage, httpStatusOf } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { ZStaffLoginSchema, type TStaffLogin } from "@/lib/validation/staff-auth";
import { EMPTY_FORM_STATE } from "@/server/forms/form-state";
import { staffLoginAction } from "@/server/forms/staff-login-action";
import { api } from "@/trpc/react";
import { StaffLogo } from "./staff-logo";

/** Staff login: a refused login reads one message; a throttled one says when to retry. */
function loginFailureDescription(error: unknown): string {
  const fallbacks = { answer: "Invalid username or password", exception: "An error occurred during login" };
  const status = httpStatusOf(error);
  if (status === 429) return errorMessage(error, fallbacks);
  return status ? fallbacks.answer : fallbacks.exception;
}

/**
 * Rendered on the server (the page sends a signed-in visitor to the dashboard first). Sent before
 * the page's JavaScript runs, it posts to a server action that signs in through the same
 * procedure; once hydrated, the submit handler takes over with toasts and no reload.
 */
export function AdminLoginForm({ demoMode }: { demoMode: boolean }) {
  const router = useRouter();
  const utils = api.useUtils();
  const [sent, formAction] = useActionState(staffLoginAction, EMPTY_FORM_STATE);
  const login = api.auth.login.useMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<TStaffLogin>({
    resolver: zodResolver(ZStaffLoginSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { username: sent.values?.username ?? "", password: "" },
  });

  // The server's answer to a form sent before hydration shows until the form is sent again here.
  const early = submitCount === 0 ? sent : EMPTY_FORM_STATE;

  const onSubmit = async (values: TStaffLogin) => {
    try {
      await login.mutateAsync(values);
    } catch (error) {
      toast({ title: "Login failed", description: loginFailureDescription(error), variant: "destructive" });
      return;
    }
    toast({ title: "Login successful", description: "Welcome to the admin dashboard" });
    await utils.auth.status.invalidate();
    router.push("/dashboard");
  };

  return (
    <div className="w-full max-w-md overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
      {demoMode ? <DemoModeBanner showLogin /> : null}
      <div className="p-6 sm:p-8">
        <div className="mb-6 flex justify-center">
          <StaffLogo />
        </div>
        <h1 className="mb-6 text-center text-2xl font-bold text-gray-900">Admin Login</h1>
        <form noValidate action={formAction} onSubmit={handleSubmit(onSubmit)} className="space-y-4">
          <FormAlert message={early.error} />
          <TextField
            label="Username"
            autoComplete="username"
            error={errors.username?.message ?? early.fieldErrors?.username}
            defaultValue={sent.values?.username}
            {...register("username")}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message ?? early.fieldErrors?.password}
            {...register("password")}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Logging in..." : "Login"}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-gray-600">For staff only</p>
      </div>
    </div>
  );
}
