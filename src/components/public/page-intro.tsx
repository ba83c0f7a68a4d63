import type { ReactNode } from "react";

/** The green band that opens every public page below the home page. */
export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="bg-brand-50">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
        {children ? <p className="mt-3 max-w-2xl text-lg text-gray-700">{children}</p> : null}
      </div>
    </div>
  );
}
