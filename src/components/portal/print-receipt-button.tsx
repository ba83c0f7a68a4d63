"use client";

import { Printer } from "lucide-react";
import { Button } from "@/components/ui/button";

export function PrintReceiptButton() {
  return (
    <Button variant="outline" onClick={() => window.print()}>
      <Printer aria-hidden="true" className="size-4" />
      Print receipt
    </Button>
  );
}
