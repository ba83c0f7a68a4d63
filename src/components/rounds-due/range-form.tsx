import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { TextField } from "@/components/ui/field";

/**
 * The range in the address: a plain form that reloads the page with ?from and ?to, so a range can
 * be shared and works before the script runs.
 */
export function RangeForm({ range, problem }: { range: { from: string; to: string }; problem?: string }) {
  return (
    <form method="get" action="/programs/rounds-due" className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
      <FormAlert message={problem} />
      <div className="flex flex-wrap items-end gap-3">
        <TextField label="From" type="date" name="from" defaultValue={range.from} required className="min-w-40 flex-1" />
        <TextField label="To" type="date" name="to" defaultValue={range.to} required className="min-w-40 flex-1" />
        <Button type="submit" variant="outline">
          Show
        </Button>
      </div>
      <p className="text-xs text-gray-600">At most 62 days at a time.</p>
    </form>
  );
}
