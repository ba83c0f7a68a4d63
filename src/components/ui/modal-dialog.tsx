"use client";

import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";

/** A centred dialog with a title and a close button; Headless UI traps focus and closes on Escape. */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-0 sm:items-center sm:p-4">
        <DialogPanel className="w-full max-w-lg rounded-t-2xl bg-white p-5 shadow-xl sm:rounded-2xl sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <DialogTitle className="text-lg font-semibold text-gray-900">{title}</DialogTitle>
              {description ? <div className="mt-1 text-sm text-gray-600">{description}</div> : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-full text-gray-600 hover:bg-gray-100"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** A Close button at a dialog's foot, for a dialog whose content (a card step) has no way back of its own. */
export function DialogCloseButton({ onClose }: { onClose: () => void }) {
  return (
    <div className="mt-4 flex justify-end">
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
