"use client";

import { errorMessage } from "@/components/error-text";
import { toast } from "@/components/toast/toast-store";
import { Button } from "@/components/ui/button";
import { api } from "@/trpc/react";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { ActionRow } from "@/components/ui/action-row";

/** Deleting removes the customer's schedules and messages; payment history blocks it. */
export function DeleteCustomerDialog({ customer, onClose }: { customer: { id: number; fullName: string } | null; onClose: () => void }) {
  const utils = api.useUtils();
  const remove = api.customers.delete.useMutation({
    onSuccess: async () => {
      toast({ title: "Customer deleted" });
      onClose();
      await Promise.all([
        utils.customers.invalidate(),
        utils.schedules.invalidate(),
        utils.dashboard.invalidate(),
        utils.messages.invalidate(),
      ]);
    },
    onError: (error) => toast({ title: "Error deleting customer", description: errorMessage(error), variant: "destructive" }),
  });
  return (
    <ModalDialog open={customer !== null} onClose={onClose} title="Delete customer?">
      <p className="text-sm text-gray-700">
        This permanently deletes <strong>{customer?.fullName}</strong> with all of their scheduled visits and messages. A customer with
        payment history cannot be deleted.
      </p>
      {remove.isError ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {remove.error.message}
        </p>
      ) : null}
      <ActionRow back={onClose} className="mt-6">
        <Button
          variant="destructive"
          disabled={remove.isPending || !customer}
          onClick={() => customer && remove.mutate({ id: customer.id })}
        >
          {remove.isPending ? "Deleting..." : "Delete"}
        </Button>
      </ActionRow>
    </ModalDialog>
  );
}
