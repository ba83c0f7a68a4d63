"use client";

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { ServiceCategory } from "@/server/db/schema/services";
import { cn } from "@/lib/cn";
import { SERVICE_GRID_CLASSES } from "./service-types";

// Services page: the category tabs, filtering in the browser.
const TABS: ReadonlyArray<{ value: ServiceCategory | "all"; label: string }> = [
  { value: "all", label: "All Services" },
  { value: "mowing", label: "Mowing" },
  { value: "trimming", label: "Trimming" },
  { value: "cleanup", label: "Cleanup" },
  { value: "fertilization", label: "Fertilization" },
];

export interface TabItem {
  key: string;
  category: ServiceCategory;
  card: ReactNode;
}

/** Tabs after the WAI-ARIA pattern: arrow keys, Home and End move between tabs. */
export function ServiceTabs({ items }: { items: TabItem[] }) {
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const baseId = useId();
  const active = TABS[selected] ?? TABS[0]!;
  const visible = items.filter((item) => active.value === "all" || item.category === active.value);

  const select = (index: number) => {
    const next = (index + TABS.length) % TABS.length;
    setSelected(next);
    tabRefs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: TABS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div>
      <div role="tablist" aria-label="Service categories" onKeyDown={onKeyDown} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2">
        {TABS.map((tab, index) => (
          <button
            key={tab.value}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            className={cn(
              "min-h-11 shrink-0 rounded-full border px-4 text-sm font-medium transition-colors",
              index === selected ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white text-gray-800 hover:bg-gray-50",
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${selected}`} className="mt-6">
        {visible.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-gray-300 p-8 text-center text-gray-700">
            No {active.label.toLowerCase()} services are listed right now. Take a look at all services or ask us for a custom quote.
          </p>
        ) : null}
        <ul className={SERVICE_GRID_CLASSES}>
          {items.map((item) => (
            <li key={item.key} data-category={item.category} hidden={!visible.includes(item)}>
              {item.card}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
