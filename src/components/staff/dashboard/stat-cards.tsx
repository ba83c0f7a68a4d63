import { CalendarClock, CheckCircle2, CircleDollarSign, Mail, type LucideIcon } from "lucide-react";
import { formatCents } from "@/lib/money";
import type { RouterOutputs } from "@/trpc/react";

type DashboardStats = RouterOutputs["dashboard"]["stats"];

/**
 * One count. The card holds its figure at any width: at 1280 px four cards leave about 185 px
 * inside each, too little for the icon beside "$12,345.67". So the card measures itself (a container
 * query): narrow, the icon sits above the text and the figure is a step smaller; wide, the icon sits
 * beside it. Digits are tabular, and a figure longer still wraps rather than run past the edge.
 */
function StatCard({ label, value, hint, icon: Icon }: { label: string; value: number | string; hint: string; icon: LucideIcon }) {
  return (
    <div className="@container rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-3 @min-[15rem]:flex-row @min-[15rem]:items-center @min-[15rem]:gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 className="text-sm font-medium text-gray-600">{label}</h2>
          <p className="text-2xl font-bold text-gray-900 tabular-nums wrap-anywhere @min-[18rem]:text-3xl">{value}</p>
          <p className="text-xs text-gray-600">{hint}</p>
        </div>
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
        hint={
          openInquiries
            ? `From customers, plus ${openInquiries} website ${openInquiries === 1 ? "inquiry" : "inquiries"}`
            : "From customers"
        }
        icon={Mail}
      />
      <StatCard
        label="Owed"
        value={formatCents(stats.owedTotal)}
        hint={
          autopayNeedingCustomer
            ? `Completed visits unpaid; ${autopayNeedingCustomer} autopay charge(s) need the customer`
            : "Completed visits not yet paid"
        }
        icon={CircleDollarSign}
      />
    </section>
  );
}
