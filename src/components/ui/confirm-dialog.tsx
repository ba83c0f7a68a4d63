"use client";

import type { ReactNode } from "react";
import { ActionRow } from "./action-row";
import { Button } from "./button";
import { ModalDialog } from "./modal-dialog";

/** Asks before a destructive step: `keepLabel` closes the dialog, `confirmLabel` takes the step. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  keepLabel,
  confirmLabel,
  busy,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <ModalDialog open={open} onClose={onClose} title={title} description={description}>
      <ActionRow back={onClose} backLabel={keepLabel}>
        <Button variant="destructive" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </ActionRow>
    </ModalDialog>
  );
}
