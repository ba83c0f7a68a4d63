"use client";

import { useRouter } from "next/navigation";
import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { TextAreaField, TextField } from "@/components/ui/field";
import { useZodForm } from "@/components/ui/use-zod-form";
import { ZCustomerFormSchema, type TCustomerForm, type TCustomerFormInput } from "@/lib/validation/customer";
import { api } from "@/trpc/react";
import { SubmitButton } from "@/components/ui/submit-button";
import { ActionRow } from "@/components/ui/action-row";
import { StaffRecordForm } from "@/components/staff/staff-record-form";

const EMPTY: TCustomerFormInput = { fullName: "", email: "", phone: "", address: "", city: "", state: "TX", zipCode: "", notes: "" };

/** The staff's customer form: add or edit one customer. */
export function CustomerForm({ customerId, initialValues }: { customerId?: number; initialValues?: TCustomerFormInput }) {
  const router = useRouter();
  const utils = api.useUtils();
  const editing = customerId !== undefined;
  const create = api.customers.create.useMutation();
  const update = api.customers.update.useMutation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(ZCustomerFormSchema, initialValues ?? EMPTY);

  const onSubmit = async (form: TCustomerForm) => {
    try {
      if (editing) await update.mutateAsync({ id: customerId, ...form });
      else await create.mutateAsync(form);
    } catch (error) {
      toast({
        title: editing ? "Failed to update customer" : "Failed to create customer",
        description: errorMessage(error),
        variant: "destructive",
      });
      return;
    }
    toast({ title: editing ? "Customer updated successfully" : "Customer created successfully" });
    await utils.customers.invalidate();
    if (editing) await Promise.all([utils.schedules.invalidate(), utils.dashboard.invalidate()]);
    router.push("/customers");
  };

  return (
    <StaffRecordForm onSubmit={handleSubmit(onSubmit)}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Full name" autoComplete="off" error={errors.fullName?.message} {...register("fullName")} />
        <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register("email")} />
        <TextField label="Phone (optional)" type="tel" autoComplete="off" error={errors.phone?.message} {...register("phone")} />
        <TextField label="Address" autoComplete="off" error={errors.address?.message} {...register("address")} />
        <TextField label="City (optional)" autoComplete="off" error={errors.city?.message} {...register("city")} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="State" autoComplete="off" error={errors.state?.message} {...register("state")} />
          <TextField label="ZIP code" inputMode="numeric" autoComplete="off" error={errors.zipCode?.message} {...register("zipCode")} />
        </div>
      </div>
      <TextAreaField label="Notes (optional)" error={errors.notes?.message} {...register("notes")} />
      <ActionRow back="/customers">
        <SubmitButton disabled={isSubmitting}>{isSubmitting ? "Saving..." : editing ? "Update Customer" : "Add Customer"}</SubmitButton>
      </ActionRow>
    </StaffRecordForm>
  );
}
