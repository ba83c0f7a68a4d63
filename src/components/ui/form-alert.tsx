import { CircleX } from "lucide-react";

/** A form's failure as the server rendered it (the form was sent without JavaScript). */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
      <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="[overflow-wrap:anywhere]">{message}</p>
    </div>
  );
}
