import { CalendarClock, CheckCircle2, CircleDollarSign, Mail, type LucideIcon } from "lucide-react";
import { formatCents } from "@/lib/money";
import type { RouterOutputs } from "@/trpc/react";

type DashboardStats = RouterOutputs["dashboard"]["stats"];

function StatCard({ label, value, hint, icon: Icon }: { label: string; value: number | string; hint: string; icon: LucideIcon }) {
  return (
    <div className="flex items-center gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div>
        <h2 className="text-sm font-medium text-gray-600">{label}</h2>
        <p className="text-3xl font-bold text-gray-900">{value}</p>
        <p className="text-xs text-gray-600">{hint}</p>
      </div>
    </div>
  );
}

/** The dashboard's counts and what is owed, rendered on the server: no script, nothing moves. */
export function StatCards({ stats }: { stats: DashboardStats | null }) {
  if (!stats) {
    return (
      <section aria-label="Summary" className="rounded-xl border border-gray-200 bg-white p-5 text-sm text-red-700">
        The counts could not be loaded. Please reload the page.
      </section>
    );
  }
  const { openInquiries, autopayNeedingCustomer } = stats;
  return (
    <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label="Upcoming Services" value={stats.upcomingServices} hint="Next 30 days" icon={CalendarClock} />
      <StatCard label="Completed This Month" value={stats.completedThisMonth} hint="This calendar month" icon={CheckCircle2} />
      <StatCard
        label="Unread Messages"
        value={stats.unreadMessages}
        hint={openInquiries ? `From customers, plus ${openInquiries} website ${openInquiries === 1 ? "inquiry" : "inquiries"}` : "From customers"}
        icon={Mail}
      />
      <StatCard
        label="Owed"
        value={formatCents(stats.owedTotal)}
        hint={autopayNeedingCustomer ? `Completed visits unpaid; ${autopayNeedingCustomer} autopay charge(s) need the customer` : "Completed visits not yet paid"}
        icon={CircleDollarSign}
      />
    </section>
  );
}
