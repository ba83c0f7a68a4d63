"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { api } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";
import { ActionRow } from "@/components/ui/action-row";

/** Settings, Advanced: deleting one's own staff account needs the password; the last account stays. */
export function DeleteAccount() {
  const router = useRouter();
  const utils = api.useUtils();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const remove = api.settings.deleteAccount.useMutation({
    onSuccess: async () => {
      toast({ title: "Account deleted", description: "Your staff account has been deleted." });
      await utils.auth.status.invalidate();
      router.replace("/login");
    },
    onError: (failure) => {
      setError(failure.message);
      toast({ title: "Update failed", description: errorMessage(failure), variant: "destructive" });
    },
  });

  const close = () => {
    setOpen(false);
    setPassword("");
    setError(undefined);
  };

  return (
    <section aria-labelledby="delete-heading" className="space-y-3 rounded-lg border border-red-200 bg-red-50/50 p-4">
      <h2 id="delete-heading" className="text-lg font-semibold text-red-900">
        Delete Account
      </h2>
      <p className="text-sm text-gray-800">
        Deletes your staff login. Customers, schedules and payments stay. The last staff account cannot be deleted.
      </p>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      <ModalDialog
        open={open}
        onClose={close}
        title="Delete your account?"
        description="This cannot be undone. Enter your password to confirm."
      >
        <form
          method="post"
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!password) {
              setError("Password is required");
              return;
            }
            remove.mutate({ password });
          }}
        >
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error}
          />
          <ActionRow back={close}>
            <SubmitButton variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? "Deleting…" : "Delete my account"}
            </SubmitButton>
          </ActionRow>
        </form>
      </ModalDialog>
    </section>
  );
}
