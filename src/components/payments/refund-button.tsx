"use client";

import { Undo2 } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { RefundablePayment } from "./refund-dialog";

// The dialog (and the modal library under it) loads on the first Refund click, not with the page.
const RefundDialog = dynamic(() => import("./refund-dialog").then((module) => module.RefundDialog), { loading: () => null });

/** Staff refund a completed card payment, whole or in part, with a reason; it counts once Stripe confirms. */
export function RefundButton({ payment }: { payment: RefundablePayment }) {
  const [open, setOpen] = useState(false);
  // Kept mounted once opened, so closing plays out and a reopened form keeps what was typed.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        Refund
      </Button>
      {opened ? <RefundDialog payment={payment} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
