import type { ReactNode } from "react";
import { PageIntro } from "./page-intro";

/** The short footer pages: an intro band and readable prose. */
export function InfoPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <>
      <PageIntro title={title}>{lead}</PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-10">
        <div className="max-w-3xl space-y-6 text-gray-800 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-brand-900 [&_li]:ml-5 [&_li]:list-disc [&_p]:leading-7">
          {children}
        </div>
      </div>
    </>
  );
}

export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
