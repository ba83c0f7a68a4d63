"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { TRPCClientError } from "@trpc/client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { DemoModeBanner } from "@/components/demo-mode-banner";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { PageSpinner } from "@/components/ui/spinner";
import { ZStaffLoginSchema, type TStaffLogin } from "@/lib/validation/staff-auth";
import { api } from "@/trpc/react";
import { StaffLogo } from "./staff-logo";
import { useStaffSession } from "./use-staff-session";

/** Spec 8, Staff auth: a refused login reads one message; a throttled one says when to retry. */
function loginFailureDescription(error: unknown): string {
  if (!(error instanceof TRPCClientError) || !error.data) return "An error occurred during login";
  const { httpStatus } = error.data as { httpStatus?: number };
  if (httpStatus === 429 && error.message) return error.message;
  return "Invalid username or password";
}

export function AdminLoginForm() {
  const router = useRouter();
  const utils = api.useUtils();
  const session = useStaffSession();
  const login = api.auth.login.useMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TStaffLogin>({
    resolver: zodResolver(ZStaffLoginSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { username: "", password: "" },
  });

  // Spec 2, Admin login: someone already signed in goes straight to the dashboard.
  useEffect(() => {
    if (session.authenticated) router.replace("/dashboard");
  }, [session.authenticated, router]);

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

  if (session.loading || session.authenticated) return <PageSpinner />;

  return (
    <div className="w-full max-w-md overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
      {session.demoMode ? <DemoModeBanner showLogin /> : null}
      <div className="p-6 sm:p-8">
        <div className="mb-6 flex justify-center">
          <StaffLogo />
        </div>
        <h1 className="mb-6 text-center text-2xl font-bold text-gray-900">Admin Login</h1>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
          <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register("username")} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
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
