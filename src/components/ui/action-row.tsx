import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Button, ButtonLink } from "./button";

/**
 * The actions under a form or in a dialog: the way back (a link, or a button that closes), then the
 * main action; side by side from the small breakpoint, stacked with the main action on top on a phone.
 */
export function ActionRow({
  back,
  backLabel = "Cancel",
  className,
  children,
}: {
  back: string | (() => void);
  backLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>
      {typeof back === "string" ? (
        <ButtonLink href={back} variant="outline">
          {backLabel}
        </ButtonLink>
      ) : (
        <Button variant="outline" onClick={back}>
          {backLabel}
        </Button>
      )}
      {children}
    </div>
  );
}
