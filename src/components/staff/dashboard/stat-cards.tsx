"use client";

import { CalendarClock, CheckCircle2, CircleDollarSign, Mail, type LucideIcon } from "lucide-react";
import { formatCents } from "@/lib/money";
import { api } from "@/trpc/react";

function StatCard({ label, value, hint, icon: Icon }: { label: string; value: number | string | undefined; hint: string; icon: LucideIcon }) {
  return (
    <div className="flex items-center gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div>
        <h2 className="text-sm font-medium text-gray-600">{label}</h2>
        <p className="text-3xl font-bold text-gray-900">{value ?? "–"}</p>
        <p className="text-xs text-gray-600">{hint}</p>
      </div>
    </div>
  );
}

/** Spec 2, Dashboard: the three stat cards. */
export function StatCards() {
  const stats = api.dashboard.stats.useQuery({});
  const owed = api.cards.owed.useQuery({});
  return (
    <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label="Upcoming Services" value={stats.data?.upcomingServices} hint="Next 30 days" icon={CalendarClock} />
      <StatCard label="Completed This Month" value={stats.data?.completedThisMonth} hint="This calendar month" icon={CheckCircle2} />
      <StatCard
        label="Unread Messages"
        value={stats.data?.unreadMessages}
        hint={stats.data?.openInquiries ? `From customers, plus ${stats.data.openInquiries} website ${stats.data.openInquiries === 1 ? "inquiry" : "inquiries"}` : "From customers"}
        icon={Mail}
      />
      <StatCard
        label="Owed"
        value={owed.data ? formatCents(owed.data.owedTotal) : undefined}
        hint={owed.data?.failedAutopay.length ? `Completed visits unpaid; ${owed.data.failedAutopay.length} autopay charge(s) need the customer` : "Completed visits not yet paid"}
        icon={CircleDollarSign}
      />
    </section>
  );
}
