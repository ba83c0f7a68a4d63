"use client";

import { useEffect } from "react";
import { TextField } from "@/components/ui/field";
import { fieldProps } from "@/components/ui/field-props";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { ZProfileFormSchema, type TProfileForm } from "@/lib/validation/settings";
import { api } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";
import { useZodForm } from "@/components/ui/use-zod-form";
import { PanelForm, PanelQuery } from "./panel-parts";

/** Settings, General: the profile form saves for real. */
export function ProfileForm() {
  const profile = api.settings.profile.useQuery({});
  const utils = api.useUtils();
  const form = useZodForm(ZProfileFormSchema, { fullName: "", email: "", username: "", phone: "" });
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

  const field = (name: keyof TProfileForm) => fieldProps(form, name);
  return (
    <PanelQuery query={profile} loading="Loading profile" failed="Your profile could not be loaded.">
      {() => (
        <PanelForm headingId="profile-heading" title="Profile" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Full name" autoComplete="name" {...field("fullName")} />
            <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
            <TextField label="Phone" type="tel" autoComplete="tel" {...field("phone")} />
            <TextField label="Username" autoComplete="username" {...field("username")} />
          </div>
          <SubmitButton disabled={save.isPending}>{save.isPending ? "Saving…" : "Save profile"}</SubmitButton>
        </PanelForm>
      )}
    </PanelQuery>
  );
}
