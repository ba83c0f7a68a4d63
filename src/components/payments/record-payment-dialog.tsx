"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { DollarAmountField, TextField } from "@/components/ui/field";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { formatCents } from "@/lib/money";
import { ZRecordPaymentFormSchema, type TRecordPaymentForm, type TRecordPaymentFormInput } from "@/lib/validation/offline-payment";
import { api } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";
import { ActionRow } from "@/components/ui/action-row";

/** Cash or a check the crew received: recorded as completed at once (docs/product-rules.md#payments). */
export function RecordPaymentDialog({
  open,
  onClose,
  customer,
}: {
  open: boolean;
  onClose: () => void;
  customer: { id: number; fullName: string };
}) {
  const utils = api.useUtils();
  const form = useForm<TRecordPaymentFormInput, unknown, TRecordPaymentForm>({
    resolver: zodResolver(ZRecordPaymentFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { amount: "", method: "cash", reference: "" },
  });
  const method = form.watch("method");
  const record = api.payments.recordOffline.useMutation({
    onSuccess: async (payment) => {
      toast({ title: "Payment recorded", description: `${formatCents(payment.amount)} ${payment.method} from ${customer.fullName}` });
      await utils.payments.list.invalidate({ customerId: customer.id });
      form.reset();
      onClose();
    },
    onError: (error) => toast({ title: "Failed to record payment", description: errorMessage(error), variant: "destructive" }),
  });

  const errors = form.formState.errors;
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Record Cash or Check"
      description={`Money already received from ${customer.fullName}.`}
    >
      <form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => record.mutate({ customerId: customer.id, ...values }))}
      >
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-gray-800">Method</legend>
          <div className="flex gap-2">
            {(["cash", "check"] as const).map((value) => (
              <label
                key={value}
                className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input type="radio" value={value} {...form.register("method")} className="size-4 accent-brand-700" />
                <span className="text-sm font-medium capitalize text-gray-900">{value}</span>
              </label>
            ))}
          </div>
          {errors.method?.message ? <p className="mt-1 text-sm text-red-700">{errors.method.message}</p> : null}
        </fieldset>
        <DollarAmountField error={errors.amount?.message} {...form.register("amount")} />
        <TextField
          label={method === "check" ? "Check number (optional)" : "Note (optional)"}
          error={errors.reference?.message}
          maxLength={100}
          {...form.register("reference")}
        />
        <ActionRow back={onClose}>
          <SubmitButton disabled={record.isPending}>{record.isPending ? "Recording…" : "Record payment"}</SubmitButton>
        </ActionRow>
      </form>
    </ModalDialog>
  );
}
