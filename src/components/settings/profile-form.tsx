"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { ZProfileFormSchema, type TProfileForm } from "@/lib/validation/settings";
import { api } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";

/** Settings, General: the profile form saves for real. */
export function ProfileForm() {
  const profile = api.settings.profile.useQuery({});
  const utils = api.useUtils();
  const form = useForm<z.input<typeof ZProfileFormSchema>, unknown, TProfileForm>({
    resolver: zodResolver(ZProfileFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { fullName: "", email: "", username: "", phone: "" },
  });
  const { reset } = form;

  useEffect(() => {
    if (profile.data) {
      reset({
        fullName: profile.data.fullName ?? "",
        email: profile.data.email ?? "",
        username: profile.data.username,
        phone: profile.data.phone ?? "",
      });
    }
  }, [profile.data, reset]);

  const save = api.settings.updateProfile.useMutation({
    onSuccess: async () => {
      toast({ title: "Profile updated", description: "Your profile has been saved." });
      // The header, sidebar and initials read the staff status.
      await Promise.all([utils.settings.profile.invalidate(), utils.auth.status.invalidate()]);
    },
    onError: (error) => toast({ title: "Update failed", description: errorMessage(error), variant: "destructive" }),
  });

  if (profile.isPending) return <Spinner label="Loading profile" />;
  if (profile.isError) return <p className="text-sm text-red-700">Your profile could not be loaded.</p>;

  const errors = form.formState.errors;
  return (
    <form
      method="post"
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="space-y-4"
      aria-labelledby="profile-heading"
    >
      <h2 id="profile-heading" className="text-lg font-semibold text-gray-900">
        Profile
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Full name" autoComplete="name" error={errors.fullName?.message} {...form.register("fullName")} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register("email")} />
        <TextField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register("phone")} />
        <TextField label="Username" autoComplete="username" error={errors.username?.message} {...form.register("username")} />
      </div>
      <SubmitButton disabled={save.isPending}>{save.isPending ? "Saving…" : "Save profile"}</SubmitButton>
    </form>
  );
}
