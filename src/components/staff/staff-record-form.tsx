import type { FormEventHandler, ReactNode } from "react";

/** The card a staff screen's add or edit form sits on; the browser's own checks are off, zod's speak. */
export function StaffRecordForm({ onSubmit, children }: { onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode }) {
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="space-y-5 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
    >
      {children}
    </form>
  );
}
