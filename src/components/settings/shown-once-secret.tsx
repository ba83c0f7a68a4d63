"use client";

import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { copyToClipboard } from "./copy-to-clipboard";

/** A new API key or signing secret, shown once after it is made, with Copy and Done. */
export function ShownOnceSecret({
  title,
  value,
  what,
  testId,
  onDone,
}: {
  title: string;
  value: string;
  what: string;
  testId: string;
  onDone: () => void;
}) {
  return (
    <div role="status" className="space-y-2 rounded-lg border border-brand-300 bg-brand-50 p-4 text-sm">
      <p className="font-semibold text-brand-900">{title}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid={testId} className="w-full rounded bg-white px-2 py-2 break-all text-gray-900 ring-1 ring-brand-200">
          {value}
        </code>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            copyToClipboard(value, { copied: `The ${what} is on your clipboard.`, fallback: `Select the ${what} and copy it by hand.` })
          }
        >
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
